// This file holds the stdio transport: the SDK's newline-delimited JSON-RPC over a reader and a writer, with every request read before the end of input answered before the session ends.
package mcp

import (
	"context"
	"errors"
	"io"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// drainGrace bounds how long the end of input waits for replies still being made.
const drainGrace = 10 * time.Second

// StdioTransport serves a session over in (requests) and out (replies): the SDK's IOTransport,
// except that the end of in ends the session only once every request read before it has been
// answered (or drainGrace has passed), so a client that writes its requests and closes its end,
// such as a shell pipe, still reads every reply. Neither in nor out is closed.
func StdioTransport(in io.Reader, out io.Writer) sdk.Transport {
	return &drainingTransport{inner: &sdk.IOTransport{Reader: io.NopCloser(in), Writer: nopWriteCloser{out}}}
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

type drainingTransport struct{ inner sdk.Transport }

// Connect connects the inner transport and counts the calls its connection carries.
func (t *drainingTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	conn, err := t.inner.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &drainingConn{Connection: conn, answered: make(chan struct{}, 1)}, nil
}

// drainingConn counts the calls read and the replies written, and holds back the end of input
// until they match.
type drainingConn struct {
	sdk.Connection

	mu       sync.Mutex
	pending  int
	answered chan struct{} // signalled whenever a reply is written
}

// Read reads the next message; at the end of input it first waits for the pending replies.
func (c *drainingConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if req, ok := msg.(*jsonrpc.Request); ok && err == nil && req.IsCall() {
		c.mu.Lock()
		c.pending++
		c.mu.Unlock()
	}
	if errors.Is(err, io.EOF) {
		c.drain(ctx)
	}
	return msg, err
}

// Write writes a message, counting a reply as one call answered.
func (c *drainingConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	err := c.Connection.Write(ctx, msg)
	if _, ok := msg.(*jsonrpc.Response); ok {
		c.mu.Lock()
		c.pending--
		c.mu.Unlock()
		select {
		case c.answered <- struct{}{}:
		default:
		}
	}
	return err
}

// drain waits until no call is waiting for its reply, ctx is done, or drainGrace passes.
func (c *drainingConn) drain(ctx context.Context) {
	deadline := time.NewTimer(drainGrace)
	defer deadline.Stop()
	for {
		c.mu.Lock()
		idle := c.pending <= 0
		c.mu.Unlock()
		if idle {
			return
		}
		select {
		case <-c.answered:
		case <-ctx.Done():
			return
		case <-deadline.C:
			return
		}
	}
}
