// This file tests the address rule: the URL when registered, and the address dialled.

package webhook

import (
	"errors"
	"net/netip"
	"testing"
)

func TestCheckURLRefusesAllButHTTPSToAPublicHost(t *testing.T) {
	cases := []struct {
		url                string
		secure, insecureOK bool
	}{
		{"https://hooks.example.com/salon", true, true},
		{"https://hooks.example.com:8443/a?b=c", true, true},
		{"https://93.184.215.14/hook", true, true},
		{"https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/hook", true, true},
		{"https://[64:ff9b::5db8:d70e]/", true, true}, // NAT64 of a public address
		{"http://hooks.example.com/salon", false, true},
		{"http://127.0.0.1:8080/hook", false, true},
		{"https://localhost/hook", false, true},
		{"https://LOCALHOST./hook", false, true},
		{"https://api.localhost/hook", false, true},
		{"https://127.0.0.1/hook", false, true},
		{"https://127.1/hook", false, true},
		{"https://2130706433/hook", false, true},
		{"https://0x7f000001/hook", false, true},
		{"https://hooks.example.123/hook", false, true},
		{"https://10.1.2.3/", false, true},
		{"https://172.20.0.1/", false, true},
		{"https://192.168.1.1/", false, true},
		{"https://100.64.0.1/", false, true},
		{"https://169.254.169.254/latest/meta-data", false, true},
		{"https://0.0.0.0/", false, true},
		{"https://224.0.0.1/", false, true},
		{"https://255.255.255.255/", false, true},
		{"https://[::1]/", false, true},
		{"https://[::]/", false, true},
		{"https://[::ffff:127.0.0.1]/", false, true},
		{"https://[::ffff:10.0.0.1]/", false, true},
		{"https://[64:ff9b::7f00:1]/", false, true},
		{"https://[2002:c0a8:101::1]/", false, true},
		{"https://[fd00::1]/", false, true},
		{"https://[fe80::1%25eth0]/", false, true},
		{"https://[ff02::1]/", false, true},
		{"ftp://hooks.example.com/", false, false},
		{"hooks.example.com/hook", false, false},
		{"https:///hook", false, false},
		{"https://", false, false},
		{"mailto:owner@example.com", false, false},
		{"", false, false},
		{"https://hooks.example.com/\x00", false, false},
		{"//hooks.example.com/hook", false, false},
	}
	for _, c := range cases {
		for _, insecure := range []bool{false, true} {
			want := c.secure || insecure && c.insecureOK
			err := CheckURL(c.url, insecure)
			if want && err != nil {
				t.Errorf("CheckURL(%q, insecure %v): got %v, want nil", c.url, insecure, err)
			}
			if !want && !errors.Is(err, ErrURL) {
				t.Errorf("CheckURL(%q, insecure %v): got %v, want ErrURL", c.url, insecure, err)
			}
		}
	}
	if got, want := ErrURL.Error(), "url must be https to a public address"; got != want {
		t.Errorf("ErrURL says %q, want %q", got, want)
	}
}

func TestPublicKnowsTheNonPublicRanges(t *testing.T) {
	public := []string{"1.1.1.1", "8.8.8.8", "93.184.215.14", "100.63.255.255", "100.128.0.0", "172.15.255.255",
		"172.32.0.0", "192.169.0.1", "223.255.255.255", "2606:4700:4700::1111", "2a00:1450:4009:81f::200e",
		"64:ff9b::808:808", "2002:808:808::1"}
	private := []string{"127.0.0.1", "127.255.255.254", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.0.1",
		"100.64.0.0", "100.127.255.255", "169.254.0.1", "0.0.0.0", "0.1.2.3", "224.0.0.251", "239.255.255.250",
		"240.0.0.1", "255.255.255.255", "192.0.2.1", "198.18.0.1", "198.51.100.1", "203.0.113.1", "192.0.0.8",
		"::", "::1", "::ffff:192.168.0.1", "::127.0.0.1", "fc00::1", "fdff::1", "fe80::1", "febf::1", "fec0::1",
		"ff02::1", "2001:db8::1", "2001::1", "100::1", "64:ff9b::a00:1", "64:ff9b:1::1", "2002:a00:1::1", "fe80::1%eth0"}
	for _, s := range public {
		if !Public(netip.MustParseAddr(s)) {
			t.Errorf("Public(%s): got false, want true", s)
		}
	}
	for _, s := range private {
		if Public(netip.MustParseAddr(s)) {
			t.Errorf("Public(%s): got true, want false", s)
		}
	}
	if Public(netip.Addr{}) {
		t.Errorf("Public of the zero Addr: got true, want false")
	}
}

func TestTheDialerRefusesANonPublicAddressUnlessInsecure(t *testing.T) {
	cases := map[string]bool{"127.0.0.1:443": false, "[::1]:443": false, "10.0.0.1:443": false,
		"[fe80::1%eth0]:443": false, "1.1.1.1:443": true, "[2606:4700:4700::1111]:443": true, "nonsense": false}
	for address, public := range cases {
		err := dialControl(false)("tcp", address, nil)
		if public && err != nil {
			t.Errorf("dial %s: got %v, want nil", address, err)
		}
		if !public && !errors.Is(err, ErrURL) {
			t.Errorf("dial %s: got %v, want ErrURL", address, err)
		}
		if err := dialControl(true)("tcp", address, nil); err != nil {
			t.Errorf("dial %s, insecure: got %v, want nil", address, err)
		}
	}
}
