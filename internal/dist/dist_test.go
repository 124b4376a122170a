package dist

import (
	"archive/zip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The generated registry entry holds the schema's required fields within
// its limits; each way of breaking them is reported.
func TestServerJSONCheck(t *testing.T) {
	sum := strings.Repeat("ab", 32)
	good := func() ServerJSON {
		return NewServerJSON("1.2.3", []Bundle{{File: BundleName("1.2.3", "linux", "amd64"), SHA256: sum}})
	}
	s := good()
	if err := s.Check(); err != nil {
		t.Fatalf("the generated entry fails its check: %v", err)
	}
	if p := s.Packages[0]; p.Identifier != Repository+"/releases/download/v1.2.3/pling_1.2.3_linux_amd64.mcpb" || p.RegistryType != "mcpb" || p.Transport.Type != "stdio" {
		t.Errorf("package %+v", p)
	}
	if s.Name != "io.github.pling-dev/pling" {
		t.Errorf("name %q", s.Name)
	}
	for _, tc := range []struct {
		name string
		edit func(*ServerJSON)
		want string
	}{
		{"schema", func(s *ServerJSON) {
			s.Schema = "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json"
		}, "$schema"},
		{"no slash", func(s *ServerJSON) { s.Name = "pling" }, "namespace/server"},
		{"two slashes", func(s *ServerJSON) { s.Name = "io.github/pling/x" }, "namespace/server"},
		{"not reverse dns", func(s *ServerJSON) { s.Name = "pling/pling" }, "not reverse DNS"},
		{"bad label", func(s *ServerJSON) { s.Name = "io.-github/pling" }, "not a DNS label"},
		{"long description", func(s *ServerJSON) { s.Description = strings.Repeat("é", 101) }, "101 characters"},
		{"empty description", func(s *ServerJSON) { s.Description = "" }, "0 characters"},
		{"no version", func(s *ServerJSON) { s.Version = "" }, "version"},
		{"latest", func(s *ServerJSON) { s.Version = "latest" }, "not one exact version"},
		{"range", func(s *ServerJSON) { s.Version = "^1.2.3" }, "not one exact version"},
		{"wildcard", func(s *ServerJSON) { s.Version = "1.x" }, "not one exact version"},
		{"no packages", func(s *ServerJSON) { s.Packages = nil }, "no packages"},
		{"no hash", func(s *ServerJSON) { s.Packages[0].FileSHA256 = "" }, "fileSha256"},
		{"upper hash", func(s *ServerJSON) { s.Packages[0].FileSHA256 = strings.ToUpper(sum) }, "fileSha256"},
		{"http identifier", func(s *ServerJSON) {
			s.Packages[0].Identifier = strings.Replace(s.Packages[0].Identifier, "https:", "http:", 1)
		}, "not an https URL"},
		{"no transport", func(s *ServerJSON) { s.Packages[0].Transport.Type = "" }, "transport"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := good()
			tc.edit(&s)
			err := s.Check()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("want an error about %q, got %v", tc.want, err)
			}
		})
	}
}

// A bundle is a zip with manifest.json at its root and the binary,
// executable, at the manifest's entry point; the manifest starts
// ${__dirname}/server/pling serve and passes every user setting.
func TestWriteBundle(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "pling")
	if err := os.WriteFile(bin, []byte("binary"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, goos := range []string{"linux", "darwin", "windows"} {
		out := filepath.Join(dir, BundleName("1.0.0", goos, "arm64"))
		if err := WriteBundle(out, bin, "1.0.0", goos); err != nil {
			t.Fatal(err)
		}
		zr, err := zip.OpenReader(out)
		if err != nil {
			t.Fatal(err)
		}
		files := map[string]*zip.File{}
		for _, f := range zr.File {
			files[f.Name] = f
		}
		var m Manifest
		rc, err := files["manifest.json"].Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(rc)
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		entry := files[m.Server.EntryPoint]
		if entry == nil || entry.Mode().Perm() != 0o755 {
			t.Fatalf("%s: entry point %s missing or not executable (%v)", goos, m.Server.EntryPoint, files)
		}
		platform, _ := Platform(goos)
		if m.ManifestVersion != "0.3" || m.Server.Type != "binary" || m.Server.MCPConfig.Command != "${__dirname}/server/pling" ||
			strings.Join(m.Server.MCPConfig.Args, " ") != "serve" || len(m.Compatibility.Platforms) != 1 || m.Compatibility.Platforms[0] != platform {
			t.Errorf("%s: manifest %+v", goos, m)
		}
		if goos == "windows" && (m.Server.EntryPoint != "server/pling.exe" || m.Server.MCPConfig.PlatformOverrides["win32"].Command != "${__dirname}/server/pling.exe") {
			t.Errorf("windows runs %s via %+v", m.Server.EntryPoint, m.Server.MCPConfig.PlatformOverrides)
		}
		for key, env := range map[string]string{"browser_path": "PLING_BROWSER", "allowed_origins": "PLING_ALLOW", "openai_api_key": "OPENAI_API_KEY"} {
			o, ok := m.UserConfig[key]
			if !ok || o.Required || o.Default != "" || m.Server.MCPConfig.Env[env] != "${user_config."+key+"}" {
				t.Errorf("%s: user_config %s = %+v, env %s = %q", goos, key, o, env, m.Server.MCPConfig.Env[env])
			}
		}
		if m.UserConfig["browser_path"].Type != "file" || !m.UserConfig["openai_api_key"].Sensitive {
			t.Errorf("%s: browser_path is %q, openai_api_key sensitive %v", goos, m.UserConfig["browser_path"].Type, m.UserConfig["openai_api_key"].Sensitive)
		}
		zr.Close()
	}
}
