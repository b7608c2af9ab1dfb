package layers

import (
	"bufio"
	"fmt"
	"go/build"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// rules are the packages that hold a game's rules and its fast paths: they take values
// and return values, and import no plumbing.
var rules = []string{
	"engine/goban",
	"engine/goban/sgf",
	"engine/goban/dead",
	"engine/qttt",
	"engine/uttt",
	"engine/wythoff",
}

// forbidden reports whether a rules package may not import p (a module package as a
// path inside the module, prefixed "mod:", or a standard library package), and why.
// fileio/textin is allowed: it is the line reader the parsers share, and the test checks
// that it imports only the standard library.
func forbidden(p string) (string, bool) {
	if m, ok := strings.CutPrefix(p, "mod:"); ok {
		switch {
		case m == "fileio/textin":
			return "", false
		case under(m, "pipeline"), under(m, "fileio"), under(m, "shard"), under(m, "sandbox"):
			return "plumbing", true
		case under(m, "internal/machine"), under(m, "internal/memlimit"):
			return "machine limits are the caller's business", true
		case under(m, "cmd"):
			return "the CLI", true
		}
		return "", false
	}
	switch {
	case p == "image/png", p == "image/gif", p == "image/jpeg":
		return "an image encoder", true
	case under(p, "compress"), under(p, "archive"):
		return "file formats", true
	case under(p, "os/exec"), under(p, "net"):
		return "processes and the network", true
	case p == "flag":
		return "command-line flags", true
	}
	return "", false
}

// flagUsers are the library packages that may import flag: the test helper that reads
// the test binary's flags and the table generators' driver.
var flagUsers = []string{"internal/asmtest", "internal/codegen"}

// under reports whether p is dir or a package below it.
func under(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }

// platforms are the builds checked: the imports of a file can depend on its GOOS, GOARCH
// and build tags.
var platforms = []struct {
	goos, goarch string
	tags         []string
}{
	{"linux", "amd64", nil},
	{"linux", "arm64", nil},
	{"linux", "amd64", []string{"purego"}},
	{"darwin", "arm64", nil},
	{"windows", "amd64", nil},
}

// graph reads the non-test imports of packages for one platform, from the files alone
// (go/build, without the go command): module packages from the module's directories,
// the standard library's from GOROOT.
type graph struct {
	t       *testing.T
	ctx     build.Context
	root    string // the module's directory
	module  string // its path
	imports map[string][]string
	main    map[string]bool // the module's commands (package main)
}

// key names an import path as the graph does: "mod:" and the path inside the module for
// the module's packages, the path itself for the standard library's, "" for another
// module's.
func (g *graph) key(imp string) string {
	if imp == g.module {
		return "mod:"
	}
	if m, ok := strings.CutPrefix(imp, g.module+"/"); ok {
		return "mod:" + m
	}
	if first, _, _ := strings.Cut(imp, "/"); strings.Contains(first, ".") {
		return "" // another module's: not followed
	}
	return imp
}

// deps returns the direct imports of the package key k, as keys.
func (g *graph) deps(k string) []string {
	if d, ok := g.imports[k]; ok {
		return d
	}
	var dirs []string
	if m, ok := strings.CutPrefix(k, "mod:"); ok {
		dirs = []string{filepath.Join(g.root, filepath.FromSlash(m))}
	} else {
		src := filepath.Join(g.ctx.GOROOT, "src")
		dirs = []string{filepath.Join(src, filepath.FromSlash(k)), filepath.Join(src, "vendor", filepath.FromSlash(k))}
	}
	var pkg *build.Package
	var err error
	for _, dir := range dirs {
		if pkg, err = g.ctx.ImportDir(dir, 0); err == nil {
			break
		}
	}
	var out []string
	if err != nil {
		if _, ok := err.(*build.NoGoError); !ok && strings.HasPrefix(k, "mod:") {
			g.t.Fatalf("%s/%s: %v", g.ctx.GOOS, g.ctx.GOARCH, err)
		}
	} else {
		g.main[k] = pkg.Name == "main"
		for _, imp := range pkg.Imports {
			if imp == "C" || imp == "unsafe" {
				continue
			}
			if d := g.key(imp); d != "" {
				out = append(out, d)
			}
		}
	}
	g.imports[k] = out
	return out
}

// closure returns every package k imports directly or not, each with the chain of
// imports that reaches it first (k, ..., it).
func (g *graph) closure(k string) map[string][]string {
	via := map[string][]string{k: {k}}
	queue := []string{k}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, d := range g.deps(p) {
			if _, seen := via[d]; !seen {
				via[d] = append(slices.Clip(via[p]), d)
				queue = append(queue, d)
			}
		}
	}
	delete(via, k)
	return via
}

// chain writes an import chain for a message: engine/goban -> internal/draw -> image/png.
func chain(c []string) string {
	s := make([]string, len(c))
	for i, p := range c {
		s[i] = strings.TrimPrefix(p, "mod:")
	}
	return strings.Join(s, " -> ")
}

// moduleRoot returns the module's directory and path, from the go.mod above this test.
func moduleRoot(t *testing.T) (dir, module string) {
	dir, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			return dir, strings.Trim(strings.TrimSpace(m), `"`)
		}
	}
	t.Fatalf("%s: no module line", f.Name())
	return "", ""
}

// modulePackages lists the module's package directories as paths inside it ("" for the
// root), skipping testdata and hidden directories.
func modulePackages(t *testing.T, root string) []string {
	var pkgs []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if p != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if p != root {
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir // another module
			}
		}
		rel, _ := filepath.Rel(root, p)
		if rel == "." {
			rel = ""
		}
		pkgs = append(pkgs, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// TestLayers fails naming the edge when a rules package imports plumbing, directly or
// not; when fileio/textin, which rules packages may import, imports anything beyond the
// standard library; when a package of the root internal/ imports an engine or the CLI;
// when a package outside cmd/ imports the CLI; and when a library package (not a
// command, not under cmd/ or bench/, not in flagUsers) imports flag.
func TestLayers(t *testing.T) {
	root, module := moduleRoot(t)
	pkgs := modulePackages(t, root)
	// found holds each broken rule once, with the builds it is broken in.
	found := map[string][]string{}
	for _, pl := range platforms {
		ctx := build.Default
		ctx.GOOS, ctx.GOARCH, ctx.BuildTags, ctx.CgoEnabled = pl.goos, pl.goarch, pl.tags, false
		g := &graph{t: t, ctx: ctx, root: root, module: module, imports: map[string][]string{}, main: map[string]bool{}}
		name := pl.goos + "/" + pl.goarch
		if len(pl.tags) > 0 {
			name += " -tags " + strings.Join(pl.tags, ",")
		}
		report := func(format string, args ...any) {
			msg := fmt.Sprintf(format, args...)
			found[msg] = append(found[msg], name)
		}
		for _, r := range rules {
			if len(g.deps("mod:"+r)) == 0 {
				report("rules package %s imports nothing: is it still there?", r)
			}
			for p, c := range g.closure("mod:" + r) {
				if why, no := forbidden(p); no {
					report("rules package %s may not import %s (%s): %s", r, strings.TrimPrefix(p, "mod:"), why, chain(c))
				}
			}
		}
		for p, c := range g.closure("mod:fileio/textin") {
			if strings.HasPrefix(p, "mod:") {
				report("fileio/textin, which rules packages import, must import only the standard library: %s", chain(c))
			}
		}
		for _, p := range pkgs {
			for _, d := range g.deps("mod:" + p) {
				m, ok := strings.CutPrefix(d, "mod:")
				switch {
				case d == "flag" && !g.main["mod:"+p] && !under(p, "cmd") && !under(p, "bench") && !slices.Contains(flagUsers, p):
					report("%s imports flag: command-line flags are the CLI's", p)
				case !ok:
				case under(p, "internal") && (under(m, "engine") || under(m, "cmd")):
					report("%s imports %s: the root internal/ holds foundations, references and test helpers, which import no engine and no CLI", p, m)
				case !under(p, "cmd") && under(m, "cmd"):
					report("%s imports %s: only the CLI imports the CLI's packages", p, m)
				}
			}
		}
	}
	msgs := slices.Sorted(maps.Keys(found))
	for _, msg := range msgs {
		t.Errorf("%s (in %s)", msg, strings.Join(found[msg], ", "))
	}
}

// TestForbidden checks the rule itself on edges that must and must not fail.
func TestForbidden(t *testing.T) {
	for _, p := range []string{"mod:pipeline", "mod:fileio", "mod:fileio/sub", "mod:shard", "mod:sandbox",
		"mod:internal/machine", "mod:internal/memlimit", "mod:cmd/analyze/internal/cli",
		"image/png", "compress/zlib", "archive/zip", "os/exec", "net", "net/http", "flag"} {
		if _, no := forbidden(p); !no {
			t.Errorf("%s allowed", p)
		}
	}
	for _, p := range []string{"mod:fileio/textin", "mod:internal/cpu", "mod:engine/goban", "image",
		"image/color", "fmt", "os", "network", "flags", "mod:pipelines"} {
		if why, no := forbidden(p); no {
			t.Errorf("%s refused (%s)", p, why)
		}
	}
	if got := chain([]string{"mod:engine/goban", "mod:internal/draw", "image/png"}); got != "engine/goban -> internal/draw -> image/png" {
		t.Errorf("chain: %q", got)
	}
}
