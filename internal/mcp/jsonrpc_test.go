// This file sends raw JSON-RPC over both transports in process: every malformed message, ids of every kind, and the refusals before any message is read, through the HTTP handler in the Echo application and the stdio transport over pipes.

package mcp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"salon/internal/api"
	"salon/internal/mcp"
	"salon/internal/mcp/mcptest"
	"salon/internal/wire"
)

func TestHTTPAnswersEveryMalformedMessageAsJSONRPCSays(t *testing.T) {
	b := newBench(t, false)
	for _, revision := range mcptest.Revisions {
		for _, c := range mcptest.Malformed {
			t.Run(revision+"/"+c.Name, func(t *testing.T) {
				status, header, body := mcptest.Post(t, b.http.URL+api.MCPPath, c.Message, map[string]string{"MCP-Protocol-Version": revision})
				c.WantHTTP(t, revision, status, header, body)
			})
		}
	}
}

func TestHTTPCarriesEveryIDBackAsSent(t *testing.T) {
	b := newBench(t, false)
	for _, id := range mcptest.IDs {
		t.Run(id, func(t *testing.T) {
			status, _, body := mcptest.Post(t, b.http.URL+api.MCPPath, mcptest.Discover(id),
				map[string]string{"MCP-Protocol-Version": mcp.ProtocolVersion, "Mcp-Method": "server/discover"})
			r := mcptest.ReadReply(t, body)
			if status != http.StatusOK || r.Result == nil || !mcptest.SameID(r.ID, json.RawMessage(id)) {
				t.Errorf("got %d %s, want 200 and a result with id %s", status, body, id)
			}
		})
	}
}

func TestHTTPRefusalsBeforeAnyMessageAreJSONWithNoID(t *testing.T) {
	b := newBench(t, false)
	for _, c := range []struct {
		name   string
		method string
		header map[string]string
		body   string
		want   int
	}{
		{"GET", http.MethodGet, nil, "", http.StatusMethodNotAllowed},
		{"a body that isn't JSON by its type", http.MethodPost, map[string]string{"Content-Type": "text/plain"}, mcptest.Discover("1"), http.StatusUnsupportedMediaType},
		{"a body over the bound", http.MethodPost, nil, `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"` + strings.Repeat("m", wire.MaxBodyBytes) + `"}}`, http.StatusRequestEntityTooLarge},
		{"an unsupported revision", http.MethodPost, map[string]string{"MCP-Protocol-Version": "1999-01-01"}, `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, http.StatusBadRequest},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, header, body := mcptest.Send(t, c.method, b.http.URL+api.MCPPath, c.body, c.header)
			var reply struct {
				JSONRPC string
				ID      *json.RawMessage
				Error   struct{ Code int64 }
			}
			if status != c.want || header.Get("Content-Type") != "application/json" || json.Unmarshal([]byte(body), &reply) != nil ||
				reply.JSONRPC != "2.0" || reply.Error.Code != -32600 {
				t.Errorf("got %d %q %s, want %d with a JSON-RPC error -32600", status, header.Get("Content-Type"), body, c.want)
			}
			// The id of an unsupported revision's request was read; the others' weren't.
			if hasID := reply.ID != nil; hasID != (c.want == http.StatusBadRequest) {
				t.Errorf("got %s: an id %v, want %v", body, hasID, !hasID)
			}
		})
	}
}

// stdioSession serves the bench's desk over the stdio transport on pipes, as `bookingd mcp` does.
func stdioSession(t *testing.T, b *bench) mcptest.Stdio {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	served := make(chan error, 1)
	go func() {
		served <- mcp.NewServer(api.NewDesk(b.svc), mcp.Options{}).Run(context.Background(), mcp.StdioTransport(inR, outW))
		outW.Close()
	}()
	lines := make(chan string, 16)
	go func() {
		defer close(lines)
		read := bufio.NewScanner(outR)
		read.Buffer(nil, 1<<20)
		for read.Scan() {
			lines <- read.Text()
		}
	}()
	t.Cleanup(func() {
		inW.Close() // the end of input ends the session
		select {
		case err := <-served:
			if err != nil && err != io.EOF {
				t.Errorf("the session ended with %v, want the end of input", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("the session didn't end within 10s of the end of input")
		}
		for line := range lines {
			t.Errorf("a reply after the last exchange: %s", line)
		}
	})
	return mcptest.Stdio{Send: func(line string) { _, _ = io.WriteString(inW, line+"\n") }, Lines: lines}
}

// Each case opens its own session, so each is the first line a session reads (the binary's test
// sends them all down one).
func TestStdioAnswersEveryMalformedLineAndGoesOn(t *testing.T) {
	b := newBench(t, false)
	for _, c := range mcptest.Malformed {
		t.Run(c.Name, func(t *testing.T) { c.WantStdio(t, stdioSession(t, b), `"after"`) })
	}
}

func TestStdioCarriesEveryIDBackAsSent(t *testing.T) {
	s := stdioSession(t, newBench(t, false))
	for _, id := range mcptest.IDs {
		t.Run(id, func(t *testing.T) {
			s.Send(mcptest.Discover(id))
			line := s.Next(t)
			if r := mcptest.ReadReply(t, line); r.Result == nil || !mcptest.SameID(r.ID, json.RawMessage(id)) {
				t.Errorf("got %s, want a result with id %s", line, id)
			}
		})
	}
}

func TestStdioSkipsBlankLinesAndRefusesALineOverTheBound(t *testing.T) {
	s := stdioSession(t, newBench(t, false))
	s.Send("")
	s.Send("  \r")
	s.Send(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"` + strings.Repeat("m", mcp.MaxLineBytes) + `"}}`)
	mcptest.WantError(t, s.Next(t), -32600, "null")
	s.Send(mcptest.Discover("2") + "\r") // a CRLF line end
	if r := mcptest.ReadReply(t, s.Next(t)); r.Result == nil || string(r.ID) != "2" {
		t.Errorf("got %+v, want the result of request 2", r)
	}
}
