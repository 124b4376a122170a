package dist

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"
)

// ServerSchema is the registry's server.json schema this file follows.
const ServerSchema = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"

// RegistryName is Pling's name in the MCP registry: reverse DNS of the
// GitHub namespace, a slash, the server.
const RegistryName = "io.github.pling-dev/pling"

// ServerJSON is the MCP registry entry (schema 2025-12-11; the fields
// Pling uses).
type ServerJSON struct {
	Schema      string    `json:"$schema"`
	Name        string    `json:"name"`
	Title       string    `json:"title,omitempty"`
	Description string    `json:"description"`
	Version     string    `json:"version"`
	Repository  *Repo     `json:"repository,omitempty"`
	WebsiteURL  string    `json:"websiteUrl,omitempty"`
	Packages    []Package `json:"packages"`
}

// Repo is the registry entry's source repository.
type Repo struct {
	URL    string `json:"url"`
	Source string `json:"source"`
}

// Package is one downloadable package of the entry: an MCP Bundle.
type Package struct {
	RegistryType string    `json:"registryType"`
	Identifier   string    `json:"identifier"`
	Version      string    `json:"version"`
	FileSHA256   string    `json:"fileSha256"`
	Transport    Transport `json:"transport"`
}

// Transport is how a host talks to the package's server.
type Transport struct {
	Type string `json:"type"`
}

// Bundle is one built .mcpb: its file name and SHA-256.
type Bundle struct {
	File   string
	SHA256 string
}

// NewServerJSON returns the registry entry for version, one mcpb package
// per bundle, downloaded from the GitHub release of tag "v"+version.
func NewServerJSON(version string, bundles []Bundle) ServerJSON {
	s := ServerJSON{
		Schema: ServerSchema, Name: RegistryName, Title: "Pling", Description: Description, Version: version,
		Repository: &Repo{URL: Repository, Source: "github"}, WebsiteURL: Repository,
	}
	for _, b := range bundles {
		s.Packages = append(s.Packages, Package{
			RegistryType: "mcpb",
			Identifier:   Repository + "/releases/download/v" + version + "/" + b.File,
			Version:      version,
			FileSHA256:   b.SHA256,
			Transport:    Transport{Type: "stdio"},
		})
	}
	return s
}

var (
	namePattern   = regexp.MustCompile(`^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$`)
	dnsLabel      = regexp.MustCompile(`^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?$`)
	sha256Pattern = regexp.MustCompile(`^[a-f0-9]{64}$`)
	// versionRange: what the schema rejects as a range ('^1.2.3',
	// '~1.2.3', '>=1.2.3', '1.x', '1.*').
	versionRange = regexp.MustCompile(`^[\^~<>=]|(^|\.)(x|X|\*)(\.|$)|\s\|\|\s`)
)

// Check reports every way s breaks the required fields and limits of the
// 2025-12-11 schema and the official registry's rules for mcpb packages
// (nil when none).
func (s ServerJSON) Check() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if s.Schema != ServerSchema {
		bad("$schema is %q, want %q", s.Schema, ServerSchema)
	}
	if n := s.Name; len(n) < 3 || len(n) > 200 || !namePattern.MatchString(n) {
		bad("name %q: 3-200 characters, namespace/server", n)
	} else {
		ns, _, _ := strings.Cut(n, "/")
		labels := strings.Split(ns, ".")
		if len(labels) < 2 {
			bad("name %q: the namespace is not reverse DNS", n)
		}
		for _, l := range labels {
			if !dnsLabel.MatchString(l) {
				bad("name %q: %q is not a DNS label", n, l)
			}
		}
	}
	if c := utf8.RuneCountInString(s.Description); c < 1 || c > 100 {
		bad("description has %d characters, want 1-100", c)
	}
	if t := utf8.RuneCountInString(s.Title); s.Title != "" && t > 100 {
		bad("title has %d characters, want at most 100", t)
	}
	checkVersion := func(what, v string) {
		switch {
		case v == "" || len(v) > 255:
			bad("%s %q: 1-255 characters", what, v)
		case v == "latest" || versionRange.MatchString(v):
			bad("%s %q is not one exact version", what, v)
		}
	}
	checkVersion("version", s.Version)
	if s.Repository != nil && (s.Repository.URL == "" || s.Repository.Source == "") {
		bad("repository needs url and source")
	}
	if len(s.Packages) == 0 {
		bad("no packages")
	}
	for i, p := range s.Packages {
		if p.RegistryType == "" || p.Identifier == "" || p.Transport.Type == "" {
			bad("packages[%d]: registryType, identifier and transport are required", i)
		}
		if p.RegistryType != "mcpb" {
			continue
		}
		if !sha256Pattern.MatchString(p.FileSHA256) {
			bad("packages[%d]: fileSha256 %q is not 64 lowercase hex digits", i, p.FileSHA256)
		}
		if u, err := url.Parse(p.Identifier); err != nil || u.Scheme != "https" || u.Host == "" {
			bad("packages[%d]: identifier %q is not an https URL", i, p.Identifier)
		}
		if !strings.Contains(strings.ToLower(p.Identifier), "mcp") {
			bad("packages[%d]: identifier %q must contain \"mcp\"", i, p.Identifier)
		}
		checkVersion(fmt.Sprintf("packages[%d].version", i), p.Version)
	}
	return errors.Join(errs...)
}
