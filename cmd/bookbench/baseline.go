// This file holds the baseline: bare Echo routes that decode the same wire types and answer replies of the same size, with no booking logic, no crypto and no database.

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"salon/internal/answer"
	"salon/internal/api"
	"salon/internal/booking"
	"salon/internal/salon"
	"salon/internal/step"
	"salon/internal/wire"
)

// newBaseline is the bare Echo application: the booking route and the salon's, no middleware. Each
// round decodes the body into wire.BookRequest (and round two its answers into wire.Answer) and
// encodes the wire type bookingd answers, the same size, with a requestState of zeros standing in
// for a signed one. GET /salons/{salon} encodes a bench salon's wire.SalonView, the one its
// settings give with nothing booked, worked out once when the baseline is made; GET
// /salons/{salon}/availability encodes a bench menu salon's open times of a cut with anyone with
// nothing booked, 500 starts each with its ten stylists, worked out likewise.
func newBaseline() *echo.Echo { return newBaselineAt(time.Now()) }

// newBaselineAt is newBaseline with the salon's view worked out at now.
func newBaselineAt(now time.Time) *echo.Echo {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.Logger.SetOutput(io.Discard)
	e.POST(api.BookPath, bareBook)
	view := wire.ViewOf(booking.View{Settings: benchSettings(),
		Open: salon.Open(benchSettings(), time.UTC, now, nil, booking.MaxOpenSlots)})
	e.GET("/salons/:salon", func(c echo.Context) error {
		v := view
		v.Salon = c.Param("salon")
		c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
		return c.JSON(http.StatusOK, v)
	})
	open := baselineAvailability(now)
	e.GET("/salons/:salon/availability", func(c echo.Context) error {
		c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
		return c.JSON(http.StatusOK, open)
	})
	return e
}

func bareBook(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return c.JSON(http.StatusBadRequest, "the body could not be read")
	}
	var req wire.BookRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return c.JSON(http.StatusBadRequest, "the body must be a JSON object")
	}
	if req.RequestState == nil {
		offered := req.Arguments.OpenSlots[:min(2, len(req.Arguments.OpenSlots))]
		return c.JSON(http.StatusOK, wire.InputRequiredResult{
			ResultType: wire.ResultInputRequired,
			InputRequests: wire.InputRequests{Time: wire.ElicitationRequest{
				Method: "elicitation/create",
				Params: wire.ElicitationParams{
					Mode:    "form",
					Message: step.AskWhichTime,
					RequestedSchema: wire.TimeSchema{
						Type:       "object",
						Properties: wire.TimeProperties{Time: wire.TimeChoice{Type: "string", Enum: offered}},
						Required:   []string{answer.Question},
					},
				},
			}},
			RequestState: unsignedState(offered),
		})
	}
	var answers map[string]wire.Answer
	if err := json.Unmarshal(req.InputResponses, &answers); err != nil {
		return c.JSON(http.StatusBadRequest, "inputResponses must be an object")
	}
	slot, _ := answers[answer.Question].Content[answer.Question].(string)
	return c.JSON(http.StatusOK, wire.CompleteResult{
		ResultType:        wire.ResultComplete,
		StructuredContent: wire.Completion{Status: wire.StatusBooked, Slot: slot, Say: slot + " is yours."},
	})
}

// Zeros as long as the nonce, the request digest and the MAC of a signed state.
var (
	zeroNonce  = strings.Repeat("0", 32)
	zeroDigest = strings.Repeat("0", 64)
)

// unsignedState is as long as the state bookingd signs for offered, and shaped like it, with every hex digit a zero.
func unsignedState(offered []string) string {
	list, err := json.Marshal(offered)
	if err != nil {
		return ""
	}
	buf := make([]byte, 0, 256)
	buf = append(buf, `{"goodUntil":`...)
	buf = strconv.AppendInt(buf, time.Now().Add(2*time.Minute).Unix(), 10)
	buf = append(buf, `,"nonce":"`...)
	buf = append(buf, zeroNonce...)
	buf = append(buf, `","offered":`...)
	buf = append(buf, list...)
	buf = append(buf, `,"request":"`...)
	buf = append(buf, zeroDigest...)
	buf = append(buf, `"}.`...)
	buf = append(buf, zeroDigest...)
	return string(buf)
}

// onLoopback is an application the tool serves on loopback.
type onLoopback struct {
	url string
	srv *http.Server
	err chan error
}

// serveLoopback serves h on addr (a free loopback port when addr is empty) with the settings bookingd serves with.
func serveLoopback(h http.Handler, addr string) (*onLoopback, error) {
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	s := &onLoopback{
		url: "http://" + ln.Addr().String(),
		srv: api.HTTPServer(h),
		err: make(chan error, 1),
	}
	go func() { s.err <- s.srv.Serve(ln) }()
	return s, nil
}

// stop closes the server and every connection it holds.
func (s *onLoopback) stop() error {
	if err := s.srv.Close(); err != nil {
		return err
	}
	if err := <-s.err; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// serveUntilDone serves the baseline h on addr until ctx is done, saying where on out: for this tool's own child, or for another load generator such as wrk.
// With untilClosed, it also stops once untilClosed reaches its end.
func serveUntilDone(ctx context.Context, h http.Handler, addr string, untilClosed io.Reader, out io.Writer) error {
	if untilClosed != nil {
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(ctx)
		defer cancel()
		go func() {
			_, _ = io.Copy(io.Discard, untilClosed)
			cancel()
		}()
	}
	s, err := serveLoopback(h, addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s%s until interrupted\n", servingPrefix, s.url)
	select {
	case <-ctx.Done():
	case err := <-s.err:
		return err
	}
	return s.stop()
}

// baselineProcess is the baseline served by a child process running this same program with -serve-baseline.
type baselineProcess struct {
	url         string
	cmd         *exec.Cmd
	parentAlive io.Closer
}

// servingPrefix starts the line -serve-baseline writes once it serves; the line ends with the base URL.
const servingPrefix = "# serving the bare Echo baseline on "

// startBaselineProcess runs this program again with -serve-baseline on a free loopback port and waits until it serves.
func startBaselineProcess(ctx context.Context) (*baselineProcess, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, exe, "-serve-baseline", "127.0.0.1:0", "-exit-with-stdin")
	cmd.Stderr = os.Stderr
	// The child reads its standard input until it closes: when this process ends, however it ends,
	// the pipe closes and the child stops serving.
	parentAlive, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &baselineProcess{cmd: cmd, parentAlive: parentAlive}
	line, err := bufio.NewReader(out).ReadString('\n')
	rest, ok := strings.CutPrefix(line, servingPrefix)
	if err != nil || !ok {
		_ = p.stop()
		return nil, fmt.Errorf("the baseline process didn't say where it serves: %q %v", line, err)
	}
	p.url, _, _ = strings.Cut(rest, " ")
	return p, nil
}

// stop interrupts the child and waits for it to exit.
func (p *baselineProcess) stop() error {
	_ = p.parentAlive.Close()
	_ = p.cmd.Process.Signal(os.Interrupt)
	return p.cmd.Wait()
}
