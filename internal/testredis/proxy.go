// This file holds a TCP proxy for the tests that need a slow network between a client and Redis: it delays what it forwards, each way.

package testredis

import (
	"fmt"
	"net"
	"sync"
	"testing"
	"time"
)

// Proxy forwards every connection made to it to a server, holding what it forwards each way for
// a delay the test sets. Bytes keep their order; a delay set applies to the bytes that arrive
// after it is set. It closes every connection when the test ends.
type Proxy struct {
	ln     net.Listener
	target string

	mu        sync.Mutex
	toServer  time.Duration
	toClient  time.Duration
	conns     map[net.Conn]struct{}
	closed    bool
	forwarded sync.WaitGroup
}

// NewProxy listens on a free loopback port and forwards to target (host:port).
func NewProxy(tb testing.TB, target string) *Proxy {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	p := &Proxy{ln: ln, target: target, conns: map[net.Conn]struct{}{}}
	p.forwarded.Add(1)
	go p.accept()
	tb.Cleanup(p.close)
	return p
}

// URL is the proxy's redis:// address.
func (p *Proxy) URL() string { return fmt.Sprintf("redis://%s/0", p.ln.Addr()) }

// Delay holds the bytes that arrive from now on for toServer on their way to the server and for
// toClient on their way back.
func (p *Proxy) Delay(toServer, toClient time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.toServer, p.toClient = toServer, toClient
}

func (p *Proxy) delays() (toServer, toClient time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.toServer, p.toClient
}

func (p *Proxy) accept() {
	defer p.forwarded.Done()
	for {
		client, err := p.ln.Accept()
		if err != nil {
			return
		}
		server, err := net.Dial("tcp", p.target)
		if err != nil {
			client.Close()
			continue
		}
		if !p.track(client, server) {
			return
		}
		p.forwarded.Add(2)
		go p.pipe(client, server, func() time.Duration { d, _ := p.delays(); return d })
		go p.pipe(server, client, func() time.Duration { _, d := p.delays(); return d })
	}
}

func (p *Proxy) track(conns ...net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		for _, c := range conns {
			c.Close()
		}
		return false
	}
	for _, c := range conns {
		p.conns[c] = struct{}{}
	}
	return true
}

// chunk is bytes read, to be written once due.
type chunk struct {
	b   []byte
	due time.Time
}

// pipe copies from src to dst, each read held until its delay has passed, and closes both when
// either side ends.
func (p *Proxy) pipe(src, dst net.Conn, delay func() time.Duration) {
	defer p.forwarded.Done()
	chunks := make(chan chunk, 1024)
	go func() {
		defer close(chunks)
		for {
			buf := make([]byte, 32<<10)
			n, err := src.Read(buf)
			if n > 0 {
				chunks <- chunk{buf[:n], time.Now().Add(delay())}
			}
			if err != nil {
				return
			}
		}
	}()
	for c := range chunks {
		time.Sleep(time.Until(c.due))
		if _, err := dst.Write(c.b); err != nil {
			break
		}
	}
	src.Close()
	dst.Close()
	for range chunks { // let the reader end
	}
}

func (p *Proxy) close() {
	p.mu.Lock()
	p.closed = true
	for c := range p.conns {
		c.Close()
	}
	p.mu.Unlock()
	p.ln.Close()
	p.forwarded.Wait()
}
