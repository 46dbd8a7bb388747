// This file holds the checks the tests run on what the server answers (one JSON-RPC reply, an HTTP answer, a stdio exchange of a case and a valid request) and the POST a client over HTTP sends.

package mcptest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// Reply is one JSON-RPC response as the server wrote it, its id kept as written.
type Reply struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// ReadReply decodes one reply, failing the test on anything that isn't a JSON-RPC 2.0 response.
func ReadReply(t testing.TB, text string) Reply {
	t.Helper()
	var r Reply
	if err := json.Unmarshal([]byte(text), &r); err != nil || r.JSONRPC != "2.0" || (r.Result == nil) == (r.Error == nil) {
		t.Fatalf("got %q, want one JSON-RPC 2.0 response with a result or an error", text)
	}
	return r
}

// SameID reports whether the ids got and want (JSON) are written the same, byte for byte: an id
// comes back exactly as it was sent.
func SameID(got, want json.RawMessage) bool {
	return bytes.Equal(bytes.TrimSpace(got), bytes.TrimSpace(want))
}

// WantError checks text is a JSON-RPC error response with code and id (JSON).
func WantError(t testing.TB, text string, code int64, id string) {
	t.Helper()
	r := ReadReply(t, text)
	if r.Error == nil || r.Error.Code != code || !SameID(r.ID, json.RawMessage(id)) {
		t.Errorf("got %s, want a JSON-RPC error %d with id %s", text, code, id)
	}
}

// WantHTTP checks an HTTP answer to c from a client of revision: status, Content-Type and body.
func (c Case) WantHTTP(t testing.TB, revision string, status int, header http.Header, body string) {
	t.Helper()
	wantStatus, code, id := c.HTTP(revision)
	if status != wantStatus {
		t.Errorf("got %d %s, want %d", status, body, wantStatus)
	}
	if code == 0 {
		if body != "" {
			t.Errorf("got the body %s, want none", body)
		}
		return
	}
	if ct := header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("got Content-Type %q, want application/json", ct)
	}
	WantError(t, body, code, id)
}

// Stdio is a session over stdio as a test drives it: send writes one line, and lines yields each
// line written back, closed when the server's output ends.
type Stdio struct {
	Send  func(line string)
	Lines <-chan string
}

// waitFor bounds how long a reply may take.
const waitFor = 10 * time.Second

// Next returns the next line written back, failing the test if none comes in time.
func (s Stdio) Next(t testing.TB) string {
	t.Helper()
	select {
	case line, ok := <-s.Lines:
		if !ok {
			t.Fatal("the server's output ended, want a reply")
		}
		return line
	case <-time.After(waitFor):
		t.Fatalf("no reply within %s", waitFor)
	}
	return ""
}

// WantStdio writes c's message and then Discover(after), and requires c's answer (or none) and
// the discovery result, in either order, and nothing else: the session goes on.
func (c Case) WantStdio(t testing.TB, s Stdio, after string) {
	t.Helper()
	s.Send(c.Message)
	s.Send(Discover(after))
	answered, discovered := c.Code == 0 || c.Response, false
	for !answered || !discovered {
		line := s.Next(t)
		r := ReadReply(t, line)
		switch {
		case !discovered && SameID(r.ID, json.RawMessage(after)):
			if r.Result == nil {
				t.Errorf("the request after it: got %s, want a result", line)
			}
			discovered = true
		case !answered:
			WantError(t, line, c.Code, c.ID)
			answered = true
		default:
			t.Errorf("got the reply %s, want none", line)
		}
	}
}

// Post sends body to url as an MCP client over HTTP does (Content-Type application/json, Accept
// of JSON and an event stream), with header's entries set on top, an empty one removed, and
// returns the status, the headers and the body without its surrounding space.
func Post(t testing.TB, url, body string, header map[string]string) (int, http.Header, string) {
	t.Helper()
	return Send(t, http.MethodPost, url, body, header)
}

// client sends Post's and Send's requests on connections of its own: http.DefaultTransport's idle
// connections are closed by every httptest.Server that closes, and a POST on one closed under it
// fails rather than being sent again.
var client = &http.Client{Transport: &http.Transport{}, Timeout: 30 * time.Second}

// Send is Post with another method, for the requests a client should not send.
func Send(t testing.TB, method, url, body string, header map[string]string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range header {
		if v == "" {
			req.Header.Del(k)
			continue
		}
		req.Header.Set(k, v)
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, strings.TrimSpace(string(out))
}
