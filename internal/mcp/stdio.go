// This file holds the stdio transport: newline-delimited JSON-RPC whose every line is checked before the SDK sees it, so no input ends the session, and every request read before the end of input is answered before the session ends.

package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/wire"
)

// drainGrace bounds how long the end of input waits for replies still being made.
const drainGrace = 10 * time.Second

// MaxLineBytes bounds one line of stdio, as wire.MaxBodyBytes bounds a POST to /mcp.
const MaxLineBytes = wire.MaxBodyBytes

// StdioTransport serves a session over in (one JSON-RPC message per line) and out (one reply per
// line). Each line is checked before the SDK sees it: a line that isn't a message (not JSON, a
// wrong version, an id that is null or neither a string nor an integer, no method and no result,
// a batch, a line over MaxLineBytes, …) is answered with its JSON-RPC error (-32700 or -32600, id
// null when it can't be read) and the session goes on; blank lines are skipped. Only the end of
// in ends the session, and only once every request read before it has been answered (or
// drainGrace has passed), so a client that writes its requests and closes its end, such as a
// shell pipe, still reads every reply. Every id comes back as it was sent. Neither in nor out is
// closed.
func StdioTransport(in io.Reader, out io.Writer) sdk.Transport {
	return &lineTransport{in: in, out: out}
}

type lineTransport struct {
	in  io.Reader
	out io.Writer
}

// Connect starts reading lines; the connection is the session's only one.
func (t *lineTransport) Connect(context.Context) (sdk.Connection, error) {
	c := &lineConn{
		out:       t.out,
		incoming:  make(chan jsonrpc.Message),
		ended:     make(chan struct{}),
		closed:    make(chan struct{}),
		written:   make(chan struct{}, 1),
		standIn:   standInPrefix(),
		sentAs:    map[string]json.RawMessage{},
		standInOf: map[string]string{},
	}
	go c.readLines(bufio.NewReaderSize(t.in, 64<<10))
	return c, nil
}

// lineConn is the session's connection: lines in, checked; messages out, one per line.
type lineConn struct {
	out      io.Writer
	writeMu  sync.Mutex
	incoming chan jsonrpc.Message // checked messages, from readLines
	ended    chan struct{}        // closed when the input has ended
	endErr   error                // why it ended (io.EOF at the end of input); read after ended
	closed   chan struct{}        // closed by Close
	once     sync.Once

	mu        sync.Mutex
	pending   int                        // requests read and not yet answered
	written   chan struct{}              // signalled whenever a reply is written
	standIn   string                     // the prefix of the ids that stand in for ids the SDK can't carry
	next      int                        // the last stand-in's number
	sentAs    map[string]json.RawMessage // a stand-in id → the id as the client sent it
	standInOf map[string]string          // the id as sent → its stand-in, for notifications/cancelled
}

// readLines reads in line by line until it ends, answering refused lines and handing the rest to Read.
func (c *lineConn) readLines(in *bufio.Reader) {
	defer close(c.ended)
	for {
		line, tooLong, err := readLine(in)
		if tooLong {
			c.refuse(invalid(nil, fmt.Sprintf("the message is longer than %d bytes", MaxLineBytes)))
		} else if len(trimSpace(line)) > 0 {
			if msg := c.check(line); msg != nil {
				select {
				case c.incoming <- msg:
				case <-c.closed:
					return
				}
			}
		}
		if err != nil {
			c.endErr = err
			return
		}
	}
}

// readLine reads one line without its end (\n or \r\n); tooLong says it was over MaxLineBytes,
// and then the line is read to its end and dropped.
func readLine(in *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := in.ReadSlice('\n')
		if !tooLong {
			line = append(line, chunk...)
			tooLong = len(line) > MaxLineBytes+2
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			return nil, true, err
		}
		line = trimLineEnd(line)
		return line, len(line) > MaxLineBytes, err
	}
}

func trimLineEnd(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line = line[:n-1]
	}
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line
}

// check reads line as one message for the SDK, or answers it and returns nil.
func (c *lineConn) check(line []byte) jsonrpc.Message {
	m, refused := readMessage(line)
	if refused != nil {
		c.refuse(refused)
		return nil
	}
	switch m.kind {
	case request:
		if !answered[m.method] && !isNotification(m.method) {
			// Answered here, whatever state the session is in: the SDK would first refuse a
			// request before initialize with an error that has no code.
			_ = c.writeLine(encodeResponse(m.id, nil, methodNotFound(m.method)))
			return nil
		}
		if m.unfitParams {
			c.refuse(paramsRefusal(m))
			return nil
		}
		return &jsonrpc.Request{ID: c.carry(m), Method: m.method, Params: m.params}
	case notification:
		if m.unfitParams {
			return nil // a notification is never answered, and these params fit no handler
		}
		params := m.params
		if m.method == "notifications/cancelled" {
			params = c.cancelling(params)
		}
		return &jsonrpc.Request{Method: m.method, Params: params}
	}
	// A response answers a request of the server's, whose ids the SDK chose; one with an id
	// the SDK can't carry answers nothing, and is dropped.
	if !m.exact {
		return nil
	}
	id, _ := exactID(m.id)
	resp := &jsonrpc.Response{ID: id, Result: m.result}
	if m.err != nil {
		resp.Error = m.err
	}
	return resp
}

// carry is the id the SDK sees for a request: its own, or a stand-in when the SDK can't carry it.
func (c *lineConn) carry(m message) jsonrpc.ID {
	if m.exact {
		if id, err := exactID(m.id); err == nil {
			return id
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.next++
	standIn := c.standIn + strconv.Itoa(c.next)
	c.sentAs[standIn] = m.id
	c.standInOf[string(m.id)] = standIn
	id, _ := jsonrpc.MakeID(standIn)
	return id
}

// exactID is the SDK's id for raw, a string or an integer it carries exactly.
func exactID(raw json.RawMessage) (jsonrpc.ID, error) {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return jsonrpc.ID{}, err
	}
	return jsonrpc.MakeID(v)
}

// cancelling points a notifications/cancelled at the stand-in of the request it names, if that
// request travels under one, so the SDK finds it.
func (c *lineConn) cancelling(params json.RawMessage) json.RawMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.standInOf) == 0 {
		return params
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(params, &members) != nil {
		return params
	}
	standIn, ok := c.standInOf[string(trimSpace(members["requestId"]))]
	if !ok {
		return params
	}
	members["requestId"], _ = json.Marshal(standIn)
	rewritten, err := json.Marshal(members)
	if err != nil {
		return params
	}
	return rewritten
}

// Read returns the next checked message. At the end of input it first waits for the replies
// still being made, then reports io.EOF.
func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case msg := <-c.incoming:
		if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
			c.mu.Lock()
			c.pending++
			c.mu.Unlock()
		}
		return msg, nil
	case <-c.ended:
		c.drain(ctx)
		if c.endErr == nil || errors.Is(c.endErr, io.EOF) {
			return nil, io.EOF
		}
		return nil, c.endErr
	case <-c.closed:
		return nil, io.EOF
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Write writes msg as one line. A reply counts as one request answered, and carries the id as
// the client sent it.
func (c *lineConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var line []byte
	if resp, ok := msg.(*jsonrpc.Response); ok {
		if sent, ok := c.sentAsFor(resp.ID); ok {
			line = encodeResponse(sent, resp.Result, resp.Error)
		}
		defer c.replied()
	}
	if line == nil {
		encoded, err := jsonrpc.EncodeMessage(msg)
		if err != nil {
			return err
		}
		line = encoded
	}
	return c.writeLine(line)
}

// sentAsFor takes the id a stand-in stands for, once its reply is written.
func (c *lineConn) sentAsFor(id jsonrpc.ID) (json.RawMessage, bool) {
	standIn, ok := id.Raw().(string)
	if !ok {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	sent, ok := c.sentAs[standIn]
	if ok {
		delete(c.sentAs, standIn)
		delete(c.standInOf, string(sent))
	}
	return sent, ok
}

// replied counts one request answered.
func (c *lineConn) replied() {
	c.mu.Lock()
	c.pending--
	c.mu.Unlock()
	select {
	case c.written <- struct{}{}:
	default:
	}
}

// refuse writes a refusal's error response.
func (c *lineConn) refuse(r *refusal) { _ = c.writeLine(r.encode()) }

// writeLine writes line and its newline in one write, one line at a time.
func (c *lineConn) writeLine(line []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err := c.out.Write(append(line, '\n'))
	return err
}

// drain waits until no request is waiting for its reply, ctx is done, or drainGrace passes.
func (c *lineConn) drain(ctx context.Context) {
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
		case <-c.written:
		case <-ctx.Done():
			return
		case <-c.closed:
			return
		case <-deadline.C:
			return
		}
	}
}

// Close ends the connection; the reader stops at its next line. Neither in nor out is closed.
func (c *lineConn) Close() error {
	c.once.Do(func() { close(c.closed) })
	return nil
}

// SessionID is empty: a stdio session is the process's one.
func (c *lineConn) SessionID() string { return "" }
