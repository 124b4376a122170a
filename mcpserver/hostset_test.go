package mcpserver

import "testing"

// Which Host headers name this server (DNS-rebinding protection), as
// docs/CONFIG.md says for http.allowedHosts: the listen address and its
// loopback aliases; on a wildcard address any host carrying the listen
// port.
func TestAllowsHost(t *testing.T) {
	for _, tc := range []struct {
		addr    string
		allowed []string
		host    string
		want    bool
	}{
		{"127.0.0.1:8931", nil, "127.0.0.1:8931", true},
		{"127.0.0.1:8931", nil, "localhost:8931", true},
		{"127.0.0.1:8931", nil, "LOCALHOST:8931", true},
		{"127.0.0.1:8931", nil, "[::1]:8931", true},
		{"127.0.0.1:8931", nil, "localhost:9000", false},
		{"127.0.0.1:8931", nil, "evil.example:8931", false},
		{"127.0.0.1:8931", []string{"mcp.example.com"}, "mcp.example.com", true},
		{"127.0.0.1:8931", []string{"mcp.example.com"}, "other.example.com", false},
		{"0.0.0.0:8931", nil, "10.1.2.3:8931", true},
		{"0.0.0.0:8931", nil, "anything.example:8931", true},
		{"0.0.0.0:8931", nil, "anything.example:9000", false},
		{"0.0.0.0:8931", nil, "anything.example", false},
		{":80", nil, "anything.example", true},
		{"0.0.0.0:8931", []string{"mcp.example.com"}, "anything.example:8931", false},
		{"0.0.0.0:8931", []string{"mcp.example.com"}, "mcp.example.com", true},
	} {
		if got := newHostSet(tc.addr, tc.allowed).allowsHost(tc.host); got != tc.want {
			t.Errorf("listen %s allowed %v: Host %q accepted=%v, want %v", tc.addr, tc.allowed, tc.host, got, tc.want)
		}
	}
}
