// This file tests bookingd as an MCP server: `bookingd mcp` driven over stdio by the Go SDK's command transport and by raw lines, malformed ones included, and /mcp beside the route, raw, with and without its token.

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/api"
	"salon/internal/mcp"
	"salon/internal/mcp/mcptest"
	"salon/internal/testkit"
)

var (
	bookArgs = map[string]any{"salon": "studio-nine", "message": "A cut on Saturday morning?", "openSlots": []string{"sat-10:30", "sat-11:30", "sat-13:00"}}
	mcpImpl  = &sdk.Implementation{Name: "bookingd-test", Version: "1.0.0"}
)

// pickFirst is a client whose customer takes the first time offered; the SDK retries for it.
func pickFirst() *sdk.Client {
	return sdk.NewClient(mcpImpl, &sdk.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			var schema struct {
				Properties struct{ Time struct{ Enum []string } }
			}
			raw, _ := json.Marshal(req.Params.RequestedSchema)
			if err := json.Unmarshal(raw, &schema); err != nil || len(schema.Properties.Time.Enum) == 0 {
				return nil, errors.New("the question offers no time")
			}
			return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"time": schema.Properties.Time.Enum[0]}}, nil
		},
	})
}

// stdioServer is `bookingd mcp` as a command with env, its stderr collected.
func stdioServer(t *testing.T, env ...string) (*exec.Cmd, *testkit.Buffer) {
	t.Helper()
	cmd := exec.Command(binary(t), "mcp")
	cmd.Env = append(os.Environ(), env...)
	stderr := &testkit.Buffer{}
	cmd.Stderr = stderr
	return cmd, stderr
}

// startStdioServer is stdioServer started, with a pipe to its stdin and one from its stdout.
func startStdioServer(t *testing.T, env ...string) (*exec.Cmd, io.WriteCloser, io.ReadCloser, *testkit.Buffer) {
	t.Helper()
	cmd, stderr := stdioServer(t, env...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, stdin, stdout, stderr
}

func TestBookingdMCPBooksOverStdioWithTheSDKsCommandTransport(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd, stderr := stdioServer(t, envSigningKey+"="+testKey)
	cs, err := pickFirst().Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect: %v\n%s", err, stderr)
	}
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: mcp.ToolName, Arguments: bookArgs})
	if err != nil {
		t.Fatalf("book: %v\n%s", err, stderr)
	}
	text, _ := res.Content[0].(*sdk.TextContent)
	if want := `{"status":"booked","slot":"sat-10:30","say":"sat-10:30 is yours."}`; text == nil || text.Text != want {
		t.Errorf("got %s, want the text %s", mustJSON(res.Content), want)
	}

	// The same state twice: single use, across the process's rounds.
	manual := sdk.NewClient(mcpImpl, &sdk.ClientOptions{
		Capabilities:   &sdk.ClientCapabilities{Elicitation: &sdk.ElicitationCapabilities{Form: &sdk.FormElicitationCapabilities{}}},
		MultiRoundTrip: &sdk.MultiRoundTripOptions{Disabled: true},
	})
	cmd2, stderr2 := stdioServer(t, envSigningKey+"="+testKey)
	ms, err := manual.Connect(ctx, &sdk.CommandTransport{Command: cmd2}, nil)
	if err != nil {
		t.Fatalf("connect: %v\n%s", err, stderr2)
	}
	asked, err := ms.CallTool(ctx, &sdk.CallToolParams{Name: mcp.ToolName, Arguments: bookArgs})
	if err != nil || !asked.NeedsInput() {
		t.Fatalf("round one: got %v %s, want input_required", err, mustJSON(asked))
	}
	again := &sdk.CallToolParams{Name: mcp.ToolName, Arguments: bookArgs, RequestState: asked.RequestState,
		InputResponses: sdk.InputResponseMap{"time": &sdk.ElicitResult{Action: "accept", Content: map[string]any{"time": "sat-11:30"}}}}
	if res, err := ms.CallTool(ctx, again); err != nil || res.IsError {
		t.Fatalf("round two: got %v %s, want a booking", err, mustJSON(res))
	}
	_, err = ms.CallTool(ctx, again)
	var rpcErr *jsonrpc.Error
	if !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc.CodeInvalidParams || rpcErr.Message != "requestState was already used" {
		t.Errorf("a replay: got %v, want -32602 requestState was already used", err)
	}

	for _, s := range []*sdk.ClientSession{cs, ms} {
		if err := s.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	}
	for _, logged := range []*testkit.Buffer{stderr, stderr2} {
		wantJSONLines(t, logged.String())
		if strings.Contains(logged.String(), asked.RequestState[strings.LastIndexByte(asked.RequestState, '.')+1:]) {
			t.Errorf("a state's MAC reached the log:\n%s", logged)
		}
	}
}

func TestBookingdMCPWritesOnlyJSONRPCToStdout(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		env  []string
		want string
	}{
		{"with its key", []string{envSigningKey + "=" + testKey}, `"resultType":"input_required"`},
		{"without a key", []string{envSigningKey + "="}, `"error":{"code":-32603,"message":"the booking service is unavailable"}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}}}`
			input := `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{` + meta + `}}` + "\n" +
				`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{` + meta + `}}` + "\n" +
				`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"book","arguments":` + mustJSON(bookArgs) + `,` + meta + `}}` + "\n"
			cmd, stdin, stdout, stderr := startStdioServer(t, c.env...)
			timer := time.AfterFunc(20*time.Second, func() { _ = cmd.Process.Kill() })
			defer timer.Stop()
			// Like a shell pipe: every request written, then stdin closed at once. Each is still answered.
			if _, err := io.WriteString(stdin, input); err != nil {
				t.Fatal(err)
			}
			_ = stdin.Close()
			out, err := io.ReadAll(stdout)
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Wait(); err != nil {
				t.Errorf("bookingd mcp exited with %v after stdin closed, want 0\n%s", err, stderr)
			}
			lines := make([]string, 3)
			for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
				var msg struct {
					JSONRPC string `json:"jsonrpc"`
					ID      int    `json:"id"`
				}
				if err := json.Unmarshal([]byte(line), &msg); err != nil || msg.JSONRPC != "2.0" || msg.ID < 1 || msg.ID > 3 || lines[msg.ID-1] != "" {
					t.Fatalf("stdout line %q isn't the one JSON-RPC reply to a request\n%s", line, stderr)
				}
				lines[msg.ID-1] = line
			}
			for i, line := range lines {
				if line == "" {
					t.Errorf("request %d got no reply on stdout:\n%s\n%s", i+1, out, stderr)
				}
			}
			if !strings.Contains(lines[2], c.want) {
				t.Errorf("the call: got %s, want %s", lines[2], c.want)
			}
			wantJSONLines(t, stderr.String())
		})
	}
}

// run serves `bookingd mcp` over the stdin it is handed, not the process's.
func TestMCPServesTheStdinRunIsHandedAndEndsWithIt(t *testing.T) {
	t.Parallel()
	var stdout bytes.Buffer
	getenv := func(k string) string { return map[string]string{envSigningKey: testKey}[k] }
	if err := run(t.Context(), []string{"mcp"}, getenv, strings.NewReader(mcptest.Discover("9")+"\n"), &stdout, io.Discard); err != nil {
		t.Fatalf("got %v once stdin ended, want nil", err)
	}
	if r := mcptest.ReadReply(t, strings.TrimSpace(stdout.String())); r.Result == nil || string(r.ID) != "9" {
		t.Errorf("stdout got %s, want one result with id 9", stdout.String())
	}
}

func TestBookingdServesMCPBesideTheRoute(t *testing.T) {
	t.Parallel()
	s := start(t, map[string]string{envSigningKey: testKey})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cs, err := pickFirst().Connect(ctx, &sdk.StreamableClientTransport{Endpoint: s.base + api.MCPPath}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: mcp.ToolName, Arguments: bookArgs})
	if err != nil || mustJSON(res.StructuredContent) != `{"say":"sat-10:30 is yours.","slot":"sat-10:30","status":"booked"}` {
		t.Fatalf("got %v %s, want sat-10:30 booked", err, mustJSON(res))
	}
	if !strings.Contains(s.stderr.String(), `"route":"/mcp"`) || !strings.Contains(s.stderr.String(), `"msg":"mcp tool call"`) {
		t.Errorf("want request lines for /mcp and a line per tool call, got:\n%s", s.stderr)
	}
}

// wantJSONLines checks every line written is a JSON object, as a log collector reads them.
func wantJSONLines(t *testing.T, logged string) {
	t.Helper()
	for _, line := range strings.Split(strings.TrimSpace(logged), "\n") {
		var rec map[string]any
		if line != "" && json.Unmarshal([]byte(line), &rec) != nil {
			t.Errorf("stderr line isn't JSON: %q", line)
		}
	}
}

// stdioSession runs `bookingd mcp` with env and returns the session a test drives over its stdin
// and stdout. When the test ends, stdin is closed and the process must exit 0 with nothing more
// written.
func stdioSession(t *testing.T, env ...string) mcptest.Stdio {
	t.Helper()
	cmd, stdin, stdout, stderr := startStdioServer(t, env...)
	kill := time.AfterFunc(2*time.Minute, func() { _ = cmd.Process.Kill() })
	lines := make(chan string, 16)
	go func() {
		defer close(lines)
		read := bufio.NewScanner(stdout)
		read.Buffer(nil, 1<<20)
		for read.Scan() {
			lines <- read.Text()
		}
	}()
	t.Cleanup(func() {
		defer kill.Stop()
		_ = stdin.Close()
		for line := range lines {
			t.Errorf("a reply after the last exchange: %s", line)
		}
		if err := cmd.Wait(); err != nil {
			t.Errorf("bookingd mcp exited with %v after stdin closed, want 0\n%s", err, stderr)
		}
		wantJSONLines(t, stderr.String())
	})
	return mcptest.Stdio{Send: func(line string) { _, _ = io.WriteString(stdin, line+"\n") }, Lines: lines}
}

func TestBookingdMCPAnswersEveryMalformedLineAndGoesOn(t *testing.T) {
	t.Parallel()
	s := stdioSession(t, envSigningKey+"="+testKey)
	for i, c := range mcptest.Malformed {
		t.Run(c.Name, func(t *testing.T) { c.WantStdio(t, s, `"after-`+strconv.Itoa(i)+`"`) })
	}
	t.Run("ids of every kind come back as sent", func(t *testing.T) {
		for _, id := range mcptest.IDs {
			s.Send(mcptest.Discover(id))
			line := s.Next(t)
			if r := mcptest.ReadReply(t, line); r.Result == nil || !mcptest.SameID(r.ID, json.RawMessage(id)) {
				t.Errorf("got %s, want a result with id %s", line, id)
			}
		}
	})
	t.Run("and it still books", func(t *testing.T) {
		s.Send(`{"jsonrpc":"2.0","id":"book","method":"tools/call","params":{"name":"book","arguments":` + mustJSON(bookArgs) + `,` +
			strings.Replace(mcptest.Meta, `"io.modelcontextprotocol/clientCapabilities":{}`, `"io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}}`, 1) + `}}`)
		if line := s.Next(t); !strings.Contains(line, `"id":"book"`) || !strings.Contains(line, `"resultType":"input_required"`) {
			t.Errorf("got %s, want round one's input_required", line)
		}
	})
}

// postMCP posts body to /mcp of base as a client of revision, with more headers, and returns the status, headers and body.
func postMCP(t *testing.T, base, revision, body string, more map[string]string) (int, http.Header, string) {
	t.Helper()
	header := map[string]string{"MCP-Protocol-Version": revision}
	maps.Copy(header, more)
	return mcptest.Post(t, base+api.MCPPath, body, header)
}

func TestBookingdMCPOverHTTPAnswersEveryMalformedMessageInJSON(t *testing.T) {
	t.Parallel()
	p := spawn(t, []string{envSigningKey + "=" + testKey})
	for _, revision := range mcptest.Revisions {
		for _, c := range mcptest.Malformed {
			t.Run(revision+"/"+c.Name, func(t *testing.T) {
				status, header, body := postMCP(t, p.base(), revision, c.Message, nil)
				c.WantHTTP(t, revision, status, header, body)
			})
		}
	}
	for _, id := range mcptest.IDs {
		status, _, body := postMCP(t, p.base(), mcp.ProtocolVersion, mcptest.Discover(id), map[string]string{"Mcp-Method": "server/discover"})
		if r := mcptest.ReadReply(t, body); status != http.StatusOK || r.Result == nil || !mcptest.SameID(r.ID, json.RawMessage(id)) {
			t.Errorf("id %s: got %d %s, want 200 and a result with id %s", id, status, body, id)
		}
	}
	wantJSONLines(t, strings.Join(p.lines(), "\n"))
}

func TestBookingdMCPTokenGuardsHTTPAndLeavesStdioAlone(t *testing.T) {
	t.Parallel()
	const token = "s3cr3t-token-for-the-mcp-endpoint-0123456789"
	p := spawn(t, []string{envSigningKey + "=" + testKey, envMCPToken + "=" + token})
	discover := map[string]string{"Mcp-Method": "server/discover"}
	status, header, body := postMCP(t, p.base(), mcp.ProtocolVersion, mcptest.Discover("1"), discover)
	if status != http.StatusUnauthorized || header.Get("WWW-Authenticate") != "Bearer" || !strings.HasPrefix(body, `{"jsonrpc":"2.0","error":{"code":-32600,`) {
		t.Errorf("no token: got %d WWW-Authenticate %q %s, want 401 Bearer and a JSON-RPC error", status, header.Get("WWW-Authenticate"), body)
	}
	discover["Authorization"] = "Bearer not-" + token
	if status, _, body := postMCP(t, p.base(), mcp.ProtocolVersion, mcptest.Discover("2"), discover); status != http.StatusUnauthorized {
		t.Errorf("a wrong token: got %d %s, want 401", status, body)
	}
	discover["Authorization"] = "Bearer " + token
	if status, _, body := postMCP(t, p.base(), mcp.ProtocolVersion, mcptest.Discover("3"), discover); status != http.StatusOK {
		t.Errorf("the token: got %d %s, want 200", status, body)
	}
	if status, _ := post(t, p.base()+"/salons/studio-nine/book", roundOneBody); status != http.StatusOK {
		t.Errorf("the route: got %d, want 200 without any token", status)
	}
	for _, line := range p.lines() {
		if strings.Contains(line, token) {
			t.Errorf("the token reached the log: %s", line)
		}
	}
	// stdio takes no token: the client that started it is its user.
	s := stdioSession(t, envSigningKey+"="+testKey, envMCPToken+"="+token)
	s.Send(mcptest.Discover("4"))
	if r := mcptest.ReadReply(t, s.Next(t)); r.Result == nil {
		t.Errorf("stdio with a token configured: got %+v, want a result", r)
	}
}
