package config

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
	yamlparser "github.com/goccy/go-yaml/parser"
	yamltoken "github.com/goccy/go-yaml/token"
	"github.com/google/go-cmp/cmp"
)

func readAgentYAML(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile("../agent.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestAgentYAMLIsDefault pins the top-level agent.yaml to Default.
func TestAgentYAMLIsDefault(t *testing.T) {
	got, err := Parse(readAgentYAML(t))
	if err != nil {
		t.Fatalf("Parse(agent.yaml): %v", err)
	}
	if diff := cmp.Diff(Default(), got); diff != "" {
		t.Errorf("agent.yaml differs from Default() (-want +got):\n%s", diff)
	}
}

// TestAgentYAMLHasEveryKey checks agent.yaml writes out every key, so it is
// the full reference file and not just consistent with the defaults.
func TestAgentYAMLHasEveryKey(t *testing.T) {
	index := indexOf(t, readAgentYAML(t))
	for _, p := range keyPaths() {
		if index[p] == nil {
			t.Errorf("agent.yaml does not set %s", p)
		}
	}
}

// TestAgentYAMLDecodesPlainly decodes agent.yaml onto a zero Config with
// go-yaml alone: every field must come from the file, not from Default.
func TestAgentYAMLDecodesPlainly(t *testing.T) {
	var got Config
	if err := yaml.UnmarshalWithOptions(readAgentYAML(t), &got, yaml.Strict()); err != nil {
		t.Fatal(err)
	}
	normalize(&got)
	if diff := cmp.Diff(Default(), got); diff != "" {
		t.Errorf("agent.yaml alone differs from Default() (-want +got):\n%s", diff)
	}
}

func indexOf(t *testing.T, data []byte) map[string]*yamltoken.Position {
	t.Helper()
	f, err := yamlparser.ParseBytes(data, 0)
	if err != nil {
		t.Fatal(err)
	}
	w := &walker{index: map[string]*yamltoken.Position{}}
	if err := w.walk(f.Docs[0].Body, "", reflect.TypeOf(Config{}), reflect.ValueOf(Default()), 0); err != nil {
		t.Fatal(err)
	}
	return w.index
}

func TestDefaultValidates(t *testing.T) {
	c := Default()
	if err := validate(&c, nil); err != nil {
		t.Fatalf("Default() does not validate: %v", err)
	}
}

func TestDefaultReturnsFreshSlices(t *testing.T) {
	a := Default()
	a.Navigation.BlockedSchemes[0] = "changed"
	a.Navigation.Allow = append(a.Navigation.Allow, "https://x")
	if b := Default(); b.Navigation.BlockedSchemes[0] != "file" || len(b.Navigation.Allow) != 0 {
		t.Errorf("Default() shares slices between calls: %v %v", b.Navigation.BlockedSchemes, b.Navigation.Allow)
	}
}

func TestEmptyDocumentIsDefault(t *testing.T) {
	for _, in := range []string{"", "\n", "# only a comment\n", "---\n", "---\n...\n", "\ufeff", "%YAML 1.2\n---\n"} {
		got, err := Parse([]byte(in))
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		if diff := cmp.Diff(Default(), got); diff != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", in, diff)
		}
	}
}

// TestMissingKeysTakeDefaults sets a few keys and expects exactly those to
// differ from Default.
func TestMissingKeysTakeDefaults(t *testing.T) {
	in := `
app:
  role: You help the user manage a personal task list.
observation:
  maxActions: 60
  compactRatio: 0.5
browser:
  viewport: {width: 1920}
navigation:
  blockedSchemes: [javascript]
  allow: ["http://127.0.0.1:*"]
web_search:
  enabled: false
`
	got, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := Default()
	want.App.Role = "You help the user manage a personal task list."
	want.Observation.MaxActions = 60
	want.Observation.CompactRatio = 0.5
	want.Browser.Viewport.Width = 1920
	want.Navigation.BlockedSchemes = []string{"javascript"} // a list replaces the default list
	want.Navigation.Allow = []string{"http://127.0.0.1:*"}
	want.WebSearch.Enabled = false
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Parse mismatch (-want +got):\n%s", diff)
	}
}

// TestByteOrderMarkAndDirective: a BOM and a %YAML directive are harmless.
func TestByteOrderMarkAndDirective(t *testing.T) {
	for _, in := range []string{"\ufeffapp:\n  role: x\n", "%YAML 1.2\n---\napp:\n  role: x\n", "app:\r\n  role: x\r\n"} {
		got, err := Parse([]byte(in))
		if err != nil || got.App.Role != "x" {
			t.Errorf("Parse(%q) = role %q, %v", in, got.App.Role, err)
		}
	}
}

func TestMultilineRole(t *testing.T) {
	got, err := Parse([]byte("app:\n  role: |\n    You help the user.\n    Be brief.\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "You help the user.\nBe brief.\n"; got.App.Role != want {
		t.Errorf("role = %q, want %q", got.App.Role, want)
	}
}

// TestEveryNumberHasRange keeps intRanges complete: every int field of
// Config has exactly one range, and every range names an int field.
func TestEveryNumberHasRange(t *testing.T) {
	var ints, floats []string
	var walk func(t reflect.Type, prefix string)
	walk = func(rt reflect.Type, prefix string) {
		for i := range rt.NumField() {
			f := rt.Field(i)
			p := join(prefix, strings.Split(f.Tag.Get("yaml"), ",")[0])
			switch f.Type.Kind() {
			case reflect.Struct:
				walk(f.Type, p)
			case reflect.Int:
				ints = append(ints, p)
			case reflect.Float64:
				floats = append(floats, p)
			}
		}
	}
	walk(reflect.TypeOf(Config{}), "")
	var ranged []string
	for _, r := range intRanges {
		ranged = append(ranged, r.path)
	}
	if diff := cmp.Diff(ints, ranged); diff != "" {
		t.Errorf("intRanges does not match the int fields in order (-fields +ranges):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"observation.compactRatio"}, floats); diff != "" {
		t.Errorf("float fields changed; give the new one a range (-want +got):\n%s", diff)
	}
	// Each getter reads its own field: set the field through reflection and
	// read it back through the getter.
	for i, r := range intRanges {
		c := Default()
		v := reflect.ValueOf(&c).Elem()
		for _, name := range strings.Split(r.path, ".") {
			v = v.Field(yamlFields(v.Type())[name])
		}
		v.SetInt(int64(1_000_003 + i))
		if got := r.get(&c); got != 1_000_003+i {
			t.Errorf("getter of %s reads another field", r.path)
		}
	}
}

// TestEveryFieldDocumented requires a doc comment on every struct field and
// exported declaration of the package's non-test files.
func TestEveryFieldDocumented(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.TypeSpec:
				st, ok := n.Type.(*ast.StructType)
				if !ok || !n.Name.IsExported() {
					return true
				}
				for _, fld := range st.Fields.List {
					if fld.Doc == nil && len(fld.Names) > 0 && fld.Names[0].IsExported() {
						t.Errorf("%s: field %s.%s has no doc comment", fset.Position(fld.Pos()), n.Name.Name, fld.Names[0].Name)
					}
				}
			case *ast.FuncDecl:
				if n.Name.IsExported() && n.Doc == nil {
					t.Errorf("%s: func %s has no doc comment", fset.Position(n.Pos()), n.Name.Name)
				}
			}
			return true
		})
	}
}
