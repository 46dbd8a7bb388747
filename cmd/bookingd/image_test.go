// This file proves the image without a container engine: the Dockerfile builds bookingd as the Makefile does, and that binary, alone in an empty root directory, serves a salon from /data as distroless's nonroot user.

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// The repository's root, seen from this package's directory, where go test runs.
const repoRoot = "../.."

// dockerfile is what these tests read of the Dockerfile: the line that builds bookingd and the
// final stage's settings.
type dockerfile struct {
	build       string   // the RUN line that runs go build, without RUN
	user        string   // the last USER
	volumes     []string // every VOLUME
	entrypoint  []string
	cmd         []string
	healthcheck []string // the HEALTHCHECK's CMD
}

// readDockerfile reads the Dockerfile, failing the test where it can't.
func readDockerfile(t *testing.T) dockerfile {
	t.Helper()
	d, err := parseDockerfile()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// parseDockerfile reads the Dockerfile's instructions, a line continued with a backslash joined to
// the next, comments skipped.
func parseDockerfile() (dockerfile, error) {
	raw, err := os.ReadFile(filepath.Join(repoRoot, "Dockerfile"))
	if err != nil {
		return dockerfile{}, err
	}
	var d dockerfile
	var builds []string
	continued := ""
	for _, line := range strings.Split(string(raw), "\n") {
		line = strings.TrimSpace(line)
		if continued == "" && (line == "" || strings.HasPrefix(line, "#")) {
			continue
		}
		if strings.HasSuffix(line, `\`) {
			continued += strings.TrimSuffix(line, `\`) + " "
			continue
		}
		line, continued = continued+line, ""
		instruction, args, _ := strings.Cut(line, " ")
		args = strings.TrimSpace(args)
		var list *[]string // an instruction in the JSON form
		switch strings.ToUpper(instruction) {
		case "RUN":
			if strings.Contains(args, "go build") {
				builds = append(builds, args)
			}
		case "USER":
			d.user = args
		case "VOLUME":
			d.volumes = append(d.volumes, strings.Fields(args)...)
		case "ENTRYPOINT":
			list = &d.entrypoint
		case "CMD":
			list = &d.cmd
		case "HEALTHCHECK":
			_, check, ok := strings.Cut(args, " CMD ")
			if !ok {
				return dockerfile{}, fmt.Errorf("Dockerfile: HEALTHCHECK %s runs no CMD", args)
			}
			list, args = &d.healthcheck, strings.TrimSpace(check)
		}
		if list != nil {
			if err := json.Unmarshal([]byte(args), list); err != nil {
				return dockerfile{}, fmt.Errorf("Dockerfile: %s %s is not in the JSON form: %v", instruction, args, err)
			}
		}
	}
	if len(builds) != 1 {
		return dockerfile{}, fmt.Errorf("Dockerfile: got %d RUN lines that go build, want 1: %q", len(builds), builds)
	}
	if len(d.entrypoint) == 0 {
		return dockerfile{}, errors.New("Dockerfile: no ENTRYPOINT")
	}
	d.build = builds[0]
	return d, nil
}

// buildAsTheImage builds bookingd to out with the Dockerfile's build line, run by sh in the
// repository's root as the build stage runs it in /src; out replaces the stage's output path.
func buildAsTheImage(out string) ([]byte, error) {
	d, err := parseDockerfile()
	if err != nil {
		return nil, err
	}
	line := strings.Replace(d.build, " -o "+imageOut+" ", ` -o "$BOOKINGD_OUT" `, 1)
	if line == d.build {
		return nil, fmt.Errorf("Dockerfile: the build line %q doesn't write %s", d.build, imageOut)
	}
	build := exec.Command("sh", "-c", line)
	build.Dir = repoRoot
	build.Env = append(os.Environ(), "BOOKINGD_OUT="+out)
	return build.CombinedOutput()
}

// makefileBuild is the Makefile's BUILD_ENV and BUILD_FLAGS, as written.
func makefileBuild(t *testing.T) (env, flags string) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(repoRoot, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		m := regexp.MustCompile(`(?m)^` + name + ` := (.+)$`).FindStringSubmatch(string(raw))
		if m == nil {
			t.Fatalf("the Makefile sets no %s", name)
		}
		return strings.TrimSpace(m[1])
	}
	if recipe := "\t$(BUILD_ENV) $(GO) build $(BUILD_FLAGS) -o bin/bookingd ./cmd/bookingd\n"; !strings.Contains(string(raw), recipe) {
		t.Errorf("the Makefile's build target doesn't build with its variables: want the line %q", recipe)
	}
	return read("BUILD_ENV"), read("BUILD_FLAGS")
}

// imageOut is where the Dockerfile's build line writes bookingd.
const imageOut = "/out/bookingd"

func TestTheDockerfileBuildsBookingdAsTheMakefileDoes(t *testing.T) {
	t.Parallel()
	env, flags := makefileBuild(t)
	d := readDockerfile(t)
	if want := env + " go build " + flags + " -o " + imageOut + " ./cmd/bookingd"; d.build != want {
		t.Errorf("the Dockerfile builds with\n\t%s\nwant the Makefile's BUILD_ENV and BUILD_FLAGS:\n\t%s", d.build, want)
	}
	if d.user != "65532:65532" {
		t.Errorf("the image runs as USER %q, want 65532:65532 (distroless's nonroot, by number)", d.user)
	}
	db := ""
	for i, arg := range d.cmd {
		if arg == "-db" && i+1 < len(d.cmd) {
			db = d.cmd[i+1]
		}
	}
	path, ok := strings.CutPrefix(db, "sqlite:")
	if !ok || len(d.volumes) != 1 || filepath.Dir(path) != d.volumes[0] {
		t.Errorf("the image's CMD %q keeps its calendar in %q, volumes %q: want -db sqlite: on a file in the one VOLUME", d.cmd, db, d.volumes)
	}
}

// nonroot is distroless's nonroot user and group, which the image's USER names.
const nonroot = 65532

// secretsDir is where Docker mounts secrets, and where the image's test puts its key and token.
const secretsDir = "/run/secrets"

// emptyRoot makes a root directory holding only what the image adds to distroless: bookingd at
// the ENTRYPOINT's path, built to bin, and the volume's directory owned by nonroot; and what a
// deployment adds: the secrets' files, readable by nonroot only. /tmp is there as distroless has it.
func emptyRoot(t *testing.T, d dockerfile, bin string) string {
	t.Helper()
	root := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Chmod(root, 0o755))
	binary, err := os.ReadFile(bin)
	must(err)
	must(os.WriteFile(filepath.Join(root, d.entrypoint[0]), binary, 0o755))
	for _, volume := range d.volumes {
		dir := filepath.Join(root, volume)
		must(os.MkdirAll(dir, 0o755))
		must(os.Chown(dir, nonroot, nonroot))
	}
	must(os.Mkdir(filepath.Join(root, "tmp"), 0o755))
	must(os.Chmod(filepath.Join(root, "tmp"), 0o1777))
	secrets := filepath.Join(root, secretsDir)
	must(os.MkdirAll(secrets, 0o755))
	for name, content := range map[string]string{"signing_key": testKey + "\n", "owner_token": ownerToken + "\n"} {
		path := filepath.Join(secrets, name)
		must(os.WriteFile(path, []byte(content), 0o400))
		must(os.Chown(path, nonroot, nonroot))
	}
	return root
}

// inRoot is a command run in root as the image's USER, as the image would run it, with only the
// environment given (distroless's PATH, and env).
func inRoot(t *testing.T, root string, d dockerfile, env []string, args ...string) *exec.Cmd {
	t.Helper()
	chroot, err := exec.LookPath("chroot")
	if err != nil {
		t.Fatalf("chroot: %v", err)
	}
	cmd := exec.Command(chroot, append([]string{"--userspec=" + d.user, root}, args...)...)
	cmd.Env = append([]string{"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"}, env...)
	return cmd
}

// TestTheImagesRuntimeStageServesASalonFromAnEmptyRoot runs, without a container engine, what the
// image's last stage holds as the image runs it, and books at a salon through both rounds.
func TestTheImagesRuntimeStageServesASalonFromAnEmptyRoot(t *testing.T) {
	t.Parallel()
	skipShort(t)
	if os.Geteuid() != 0 {
		t.Skip("needs root: it chroots into an empty directory and runs bookingd there as UID 65532, as the image does (CI runs the tests as root)")
	}
	d := readDockerfile(t)
	root := emptyRoot(t, d, binary(t)) // built by the Dockerfile's build line
	env := []string{
		envSigningKey + fileSuffix + "=" + secretsDir + "/signing_key",
		envOwnerToken + fileSuffix + "=" + secretsDir + "/owner_token",
	}
	// The image's command, on a free loopback port instead of :8080 (a later -addr wins).
	serve := func() *process {
		t.Helper()
		args := append(append(append([]string{}, d.entrypoint...), d.cmd...), "-addr", "127.0.0.1:0")
		return startProcess(t, inRoot(t, root, d, env, args...))
	}
	healthcheck := func(p *process) error {
		t.Helper()
		args := append([]string{}, d.healthcheck...)
		for i := range args {
			if i > 0 && args[i-1] == "-url" {
				args[i] = p.base() + "/healthz"
			}
		}
		return inRoot(t, root, d, nil, args...).Run()
	}

	p := serve()
	if r := call(http.MethodGet, p.base()+"/healthz", "", ""); r.status != http.StatusOK {
		t.Fatalf("GET /healthz: got %s, want 200", r)
	}
	if err := healthcheck(p); err != nil {
		t.Errorf("the image's health check: got %v, want exit status 0", err)
	}
	putNightOwls(t, p.base())
	// A salon's zone loads with no zone database in the root: the binary carries its own.
	london := strings.Replace(nightOwlsSettings, `"timeZone":"UTC"`, `"timeZone":"Europe/London"`, 1)
	if r := call(http.MethodPut, p.base()+"/salons/london-owls", ownerToken, london); r.status != http.StatusOK {
		t.Errorf("PUT a salon in Europe/London: got %s, want 200", r)
	}
	slots := openSlots(t, p.base())
	customer := newPatron(1, slots[0].Slot, slots[1].Slot)
	if err := customer.ask(p.base(), slots[0].Slot); err != nil {
		t.Fatal(err)
	}
	got, ok := completed(customer.accept(p.base(), slots[0].Slot))
	if !ok || got.Status != "booked" || got.Booking == "" {
		t.Fatalf("round two: got %+v, want %s booked with a reference", got, slots[0].Slot)
	}
	if r := customer.accept(p.base(), slots[0].Slot); r.status != http.StatusBadRequest || r.body != `"requestState was already used"` {
		t.Errorf("the same round two again: got %s, want 400 \"requestState was already used\"", r)
	}

	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	p.rest()
	if err := p.cmd.Wait(); err != nil {
		t.Fatalf("bookingd after SIGTERM: got %v, want exit status 0", err)
	}
	if err := healthcheck(p); err == nil {
		t.Error("the image's health check with bookingd stopped: got exit status 0, want non-zero")
	}
	for _, volume := range d.volumes {
		entries, err := os.ReadDir(filepath.Join(root, volume))
		if err != nil || len(entries) == 0 {
			t.Fatalf("the volume %s: got %v, %v, want the calendar's database in it", volume, entries, err)
		}
		for _, e := range entries {
			info, err := e.Info()
			if err != nil {
				t.Fatal(err)
			}
			if st, ok := info.Sys().(*syscall.Stat_t); !ok || st.Uid != nonroot {
				t.Errorf("%s/%s is owned by %v, want UID %d", volume, e.Name(), info.Sys(), nonroot)
			}
		}
	}

	// The calendar is in the volume: a new process in the same root still has the booking.
	again := serve()
	list := ownersBookings(t, again.base())
	if len(list) != 1 || list[0].Slot != slots[0].Slot || list[0].Name != customer.name || list[0].Status != "booked" {
		t.Errorf("the owner's bookings after a restart: got %+v, want %s's booking at %s", list, customer.name, slots[0].Slot)
	}
	if lines := strings.Join(again.lines(), "\n"); strings.Contains(lines, testKey) || strings.Contains(lines, ownerToken) {
		t.Errorf("the log quotes the key or the token:\n%s", lines)
	}
}
