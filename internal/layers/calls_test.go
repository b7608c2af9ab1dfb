package layers

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// cliCalls are the calls that resolve names against the user's shell: the working
// directory and PATH. The CLI does that and hands the library resolved values.
var cliCalls = map[string][]string{
	"os":      {"Getwd"},
	"os/exec": {"LookPath"},
}

// callUsers are the library packages that may make a cliCall, with why:
//   - sandbox finds its own tools on PATH (bwrap, setpriv): running processes in a
//     sandbox is its job, and every caller would otherwise have to find them for it;
//   - internal/shareddata, a test helper, finds ../shared from the test's working
//     directory, which is its package's directory.
var callUsers = map[string][]string{
	"sandbox":             {"os/exec.LookPath"},
	"internal/shareddata": {"os.Getwd"},
}

// findCalls returns the cliCalls in the file f as "IMPORT.NAME at FILE:LINE".
func findCalls(fset *token.FileSet, f *ast.File) []string {
	names := map[string]string{} // local name -> import path, for the imports of cliCalls
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if _, ok := cliCalls[path]; !ok {
			continue
		}
		local := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			local = imp.Name.Name
		}
		names[local] = path
	}
	var found []string
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok || id.Obj != nil { // a local variable, not the package
			return true
		}
		if path, ok := names[id.Name]; ok && slices.Contains(cliCalls[path], sel.Sel.Name) {
			pos := fset.Position(sel.Pos())
			found = append(found, fmt.Sprintf("%s.%s at %s:%d", path, sel.Sel.Name, filepath.Base(pos.Filename), pos.Line))
		}
		return true
	})
	return found
}

// TestNoShellLookups fails when a library package (outside cmd/ and bench/, not a
// command, not in callUsers for that call) calls os.Getwd or exec.LookPath in a
// non-test file.
func TestNoShellLookups(t *testing.T) {
	root, _ := moduleRoot(t)
	for _, p := range modulePackages(t, root) {
		if under(p, "cmd") || under(p, "bench") {
			continue
		}
		dir := filepath.Join(root, filepath.FromSlash(p))
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			if f.Name.Name == "main" {
				continue // a command
			}
			for _, c := range findCalls(fset, f) {
				call, _, _ := strings.Cut(c, " at ")
				if !slices.Contains(callUsers[p], call) {
					t.Errorf("%s calls %s: the working directory and PATH are the CLI's to resolve", p, c)
				}
			}
		}
	}
}

// TestFindCalls checks the finder on renamed imports and on a local variable that
// shadows a package's name.
func TestFindCalls(t *testing.T) {
	const src = `package p

import (
	"os"
	x "os/exec"
)

func f() {
	os.Getwd()
	x.LookPath("a")
	os.Getenv("a")
}

func g(os struct{ Getwd func() }) { os.Getwd() }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := findCalls(fset, f)
	want := []string{"os.Getwd at p.go:9", "os/exec.LookPath at p.go:10"}
	if !slices.Equal(got, want) {
		t.Errorf("findCalls: %q, want %q", got, want)
	}
}
