package cli

import (
	"flag"
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/suggest"
	"github.com/boardlab/boardlab/shard"
)

// vocabulary is the flag names shared by every command: a command defines one of a
// group's names and Parse accepts all of them for it. Help shows "-short, --long";
// the hidden names are older spellings that keep working.
var vocabulary = []struct {
	short, long string
	hidden      []string
}{
	{"o", "out", nil},
	{"j", "jobs", []string{"workers"}},
	{"q", "quiet", nil},
}

// hiddenName is the value of a flag that is only an older name of another (see
// HiddenName and Renamed): Parse sets the other flag, or refuses it naming the other
// when refused; help does not show it and no message suggests it.
type hiddenName struct {
	target  string
	refused bool
}

func (h hiddenName) String() string { return "" }
func (h hiddenName) Set(string) error {
	return fmt.Errorf("is an old name of --%s", h.target)
}

// HiddenName makes old, a former name of fs's flag name, keep working without being
// shown in help.
func HiddenName(fs *flag.FlagSet, old, name string) { oldName(fs, old, hiddenName{name, false}) }

// Renamed makes old, a former name of fs's flag name, refused with a message naming
// name ("--games 5: renamed; write --count 5"), as qttt random refuses its former
// positional N; help does not show it.
func Renamed(fs *flag.FlagSet, old, name string) { oldName(fs, old, hiddenName{name, true}) }

func oldName(fs *flag.FlagSet, old string, h hiddenName) {
	if fs.Lookup(h.target) == nil {
		panic("cli: an old name of no flag: " + h.target)
	}
	fs.Var(h, old, "")
}

// aliases maps every accepted name that fs does not define itself, and every hidden
// old name, to the defined flag it stands for.
func aliases(fs *flag.FlagSet) map[string]string {
	m := map[string]string{}
	fs.VisitAll(func(f *flag.Flag) {
		if h, ok := f.Value.(hiddenName); ok && !h.refused {
			m[f.Name] = h.target
		}
	})
	for _, v := range vocabulary {
		names := append([]string{v.long, v.short}, v.hidden...)
		target := ""
		for _, n := range names {
			if fs.Lookup(n) != nil {
				target = n
				break
			}
		}
		if target == "" {
			continue
		}
		for _, n := range names {
			if fs.Lookup(n) == nil {
				m[n] = target
			}
		}
	}
	return m
}

// displayName is how help and messages write flag name: "-o, --out" for a name of
// the vocabulary, "-x" for other one-letter names, "--name" otherwise.
func displayName(fs *flag.FlagSet, name string) string {
	for _, v := range vocabulary {
		names := append([]string{v.long, v.short}, v.hidden...)
		in, defined := false, 0
		for _, n := range names {
			in = in || n == name
			if fs.Lookup(n) != nil {
				defined++
			}
		}
		if in && defined == 1 {
			return "-" + v.short + ", --" + v.long
		}
	}
	return dashed(name)
}

// shortName is the flag's name as messages write it: "--out" for -o, "--jobs" for
// --workers.
func shortName(fs *flag.FlagSet, name string) string {
	d := displayName(fs, name)
	if i := strings.LastIndex(d, ", "); i >= 0 {
		return d[i+2:]
	}
	return d
}

func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// PrintFlags lists fs's flags, one entry per flag with its aliases ("-o, --out FILE"),
// its usage and its default when that is not the zero value.
func PrintFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		if _, ok := f.Value.(hiddenName); ok {
			return
		}
		arg, usage := flag.UnquoteUsage(f)
		line := "  " + displayName(fs, f.Name)
		if n := argName(arg); n != "" {
			arg = n
		} else if a, ok := f.Value.(interface{ ArgName() string }); ok && arg == "value" {
			arg = a.ArgName()
		}
		if arg != "" {
			line += " " + arg
		}
		if !isZeroValue(f) {
			if _, ok := getter(f).(string); ok {
				usage += fmt.Sprintf(" (default %q)", f.DefValue)
			} else {
				usage += fmt.Sprintf(" (default %s)", f.DefValue)
			}
		}
		fmt.Fprintf(w, "%s\n        %s\n", line, strings.ReplaceAll(usage, "\n", "\n        "))
	})
}

func getter(f *flag.Flag) any {
	if g, ok := f.Value.(flag.Getter); ok {
		return g.Get()
	}
	return nil
}

// isZeroValue reports whether f's default is its type's zero value, as the flag
// package decides whether to print a default.
func isZeroValue(f *flag.Flag) (zero bool) {
	defer func() {
		if recover() != nil {
			zero = false
		}
	}()
	typ := reflect.TypeOf(f.Value)
	var z reflect.Value
	if typ.Kind() == reflect.Pointer {
		z = reflect.New(typ.Elem())
	} else {
		z = reflect.Zero(typ)
	}
	return f.DefValue == z.Interface().(flag.Value).String()
}

// flagName returns the name written in a, when a has a flag's shape: one or two
// dashes, then a letter, then letters, digits and single inner '-' or '_', then
// optionally "=value". Anything else starting with a dash ("-5", "---------", a board
// written "-0-------" or "-X-------") is a positional argument.
func flagName(a string) (name, value string, hasValue, ok bool) {
	if len(a) < 2 || a[0] != '-' {
		return "", "", false, false
	}
	s := a[1:]
	if s[0] == '-' {
		s = s[1:]
	}
	name, value, hasValue = strings.Cut(s, "=")
	if name == "" || !isLetter(name[0]) || name[len(name)-1] == '-' || strings.Contains(name, "--") {
		return "", "", false, false
	}
	for i := 1; i < len(name); i++ {
		c := name[i]
		if !isLetter(c) && !(c >= '0' && c <= '9') && c != '-' && c != '_' {
			return "", "", false, false
		}
	}
	return name, value, hasValue, true
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// Parse parses args with fs and returns the positional arguments and an exit status:
// -1 to go on, ExitOK after -h (the help is printed on fs's output), ExitUsage after a
// bad flag (a one-line message and a hint are printed).
//
// Flags may stand before, between or after positional arguments; "--" ends them. A
// token is a flag when it has a flag's shape (-name, --name, --name=value, the name
// starting with a letter); "-5", "---------" or "-0-------" are positional wherever
// they stand. A flag-shaped token that names no flag is an error that suggests the
// closest defined name, never a file name. The shared vocabulary is accepted whatever
// spelling the command defined: -o and --out, -j, --jobs and --workers, -q and --quiet.
// A value its flag refuses with an error starting "want " is reported as RangeError
// words it. A set output flag (OutputVar, -o/--out) is checked at once: a missing
// folder is a command-line error.
func Parse(fs *flag.FlagSet, args []string) ([]string, int) {
	alias := aliases(fs)
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		name, value, hasValue, ok := flagName(a)
		if !ok {
			pos = append(pos, a)
			continue
		}
		if (name == "h" || name == "help") && fs.Lookup(name) == nil {
			fs.Usage()
			return nil, ExitOK
		}
		target := name
		if t, ok := alias[name]; ok {
			target = t
		}
		f := fs.Lookup(target)
		if f == nil {
			return nil, flagError(fs, "unknown flag %s%s", short(strings.SplitN(a, "=", 2)[0]), suggestFlag(fs, alias, name))
		}
		if !hasValue {
			if isBool(f) {
				value = "true"
			} else {
				if i+1 >= len(args) {
					return nil, flagError(fs, "flag %s needs a value%s", shortName(fs, f.Name), expected(f, ": "))
				}
				i++
				value = args[i]
			}
		}
		if r, ok := f.Value.(hiddenName); ok && r.refused {
			return nil, flagError(fs, "%s %s: renamed; write --%s %s", dashed(f.Name), short(value), r.target, short(value))
		}
		if err := fs.Set(target, value); err != nil {
			if msg := err.Error(); strings.HasPrefix(msg, "want ") {
				return nil, RangeError(fs.Output(), fs.Name(), shortName(fs, f.Name), short(value), "%s", strings.TrimPrefix(msg, "want "))
			}
			why := expected(f, ": expected ")
			if why == "" || !isBuiltin(f) {
				why = ": " + err.Error()
			} else if strings.Contains(err.Error(), "out of range") {
				why += " (out of range)"
			}
			return nil, flagError(fs, "invalid value %q for %s%s", short(value), shortName(fs, f.Name), why)
		}
	}
	// Mark fs parsed with the positional arguments as its Args.
	fs.Parse(append([]string{"--"}, pos...))
	if st := checkOutFlag(fs); st >= 0 {
		return nil, st
	}
	return pos, -1
}

// checkOutFlag checks the destination of every set output flag (OutputVar, OutFlag, or
// a string flag named out or o) before any work is done (checkOutput).
func checkOutFlag(fs *flag.FlagSet) int {
	st := -1
	fs.Visit(func(f *flag.Flag) {
		if _, ok := f.Value.(*outputValue); !ok && f.Name != "out" && f.Name != "o" || st >= 0 {
			return
		}
		if err := checkOutput(f); err != nil {
			fmt.Fprintf(fs.Output(), "analyze %s: %s %v\n", fs.Name(), shortName(fs, f.Name), err)
			st = ExitUsage
		}
	})
	return st
}

// short quotes at most 40 bytes of a value in a message.
func short(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

func isBuiltin(f *flag.Flag) bool {
	t := reflect.TypeOf(f.Value)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.PkgPath() == "flag"
}

// argName renames the flag package's type words in help to placeholders ("" for
// other words).
func argName(word string) string {
	switch word {
	case "int", "uint":
		return "N"
	case "float":
		return "X"
	case "duration":
		return "DURATION"
	case "string":
		return "TEXT"
	}
	return ""
}

// expected says what a flag's value must look like, after prefix; "" when unknown.
func expected(f *flag.Flag, prefix string) string {
	var e string
	switch getter(f).(type) {
	case bool:
		e = "true or false"
	case int, int64:
		e = "an integer"
	case uint, uint64:
		e = "a non-negative integer"
	case float64:
		e = "a number"
	case time.Duration:
		e = "a duration such as 100ms or 1s"
	case string:
		if arg, _ := flag.UnquoteUsage(f); arg != "string" {
			e = arg
		}
	}
	if _, ok := f.Value.(*shard.Shard); ok {
		e = "K/N, such as 0/4"
	}
	if e == "" {
		return ""
	}
	return prefix + e
}

func flagError(fs *flag.FlagSet, format string, args ...any) int {
	w := fs.Output()
	fmt.Fprintf(w, "analyze %s: %s\n", fs.Name(), fmt.Sprintf(format, args...))
	fmt.Fprintf(w, "run 'analyze %s -h' for usage\n", fs.Name())
	return ExitUsage
}

// suggestFlag returns " (did you mean --map?)" for the defined flag closest to name,
// or "" when none is close.
func suggestFlag(fs *flag.FlagSet, alias map[string]string, name string) string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) {
		if _, hidden := f.Value.(hiddenName); !hidden {
			names = append(names, f.Name)
		}
	})
	for a := range alias {
		names = append(names, a)
	}
	best := suggest.Closest(name, names)
	if best == "" {
		return ""
	}
	if t, ok := alias[best]; ok {
		best = t
	}
	return fmt.Sprintf(" (did you mean %s?)", shortName(fs, best))
}

// WantsHelp reports whether args ask for help (-h, -help or --help before any "--").
func WantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// IsSet reports whether the command line set fs's flag name.
func IsSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
