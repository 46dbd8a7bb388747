// This file holds small helpers of the sending tests.

package mail

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"io"
)

// tlsTrusting is a TLS configuration that trusts roots.
func tlsTrusting(roots *x509.CertPool) *tls.Config { return &tls.Config{RootCAs: roots} }

// base64Reader decodes base64 with line breaks.
func base64Reader(b []byte) io.Reader {
	return base64.NewDecoder(base64.StdEncoding, bytes.NewReader(b))
}
