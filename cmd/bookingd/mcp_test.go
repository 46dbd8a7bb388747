// This file tests bookingd as an MCP server: `bookingd mcp` driven over stdio by the Go SDK's command transport, and /mcp beside the route on the same bookingd.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/api"
	"salon/internal/mcp"
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

func TestBookingdMCPBooksOverStdioWithTheSDKsCommandTransport(t *testing.T) {
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
			cmd, stderr := stdioServer(t, c.env...)
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

func TestBookingdServesMCPBesideTheRoute(t *testing.T) {
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
