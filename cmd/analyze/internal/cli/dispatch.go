package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/suggest"
)

// RunFunc is the signature of every analyze command.
type RunFunc func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Command is one subcommand of a game's group, e.g. "score" in "analyze goban score".
type Command struct {
	Name    string
	Summary string // one line for the group's help
	Run     RunFunc
}

// Dispatch runs the subcommand named by args[0] from cmds. With no argument, "help" or
// -h it prints the group's command list; "help NAME" and "NAME -h" print NAME's own
// usage on stdout (the command runs with stdout as its stderr).
func Dispatch(ctx context.Context, group, summary string, cmds []Command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	usage := func(w io.Writer) {
		fmt.Fprintf(w, "usage: analyze %s COMMAND [flags] [args]\n\n%s\n\ncommands:\n", group, summary)
		for _, c := range cmds {
			fmt.Fprintf(w, "  %-12s %s\n", c.Name, c.Summary)
		}
		fmt.Fprintf(w, "\nrun 'analyze %s COMMAND -h' for a command's flags\n", group)
	}
	if len(args) == 0 {
		usage(stderr)
		return ExitUsage
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "-help" || name == "--help" {
		if len(args) > 1 && name == "help" {
			for _, c := range cmds {
				if c.Name == args[1] {
					return c.Run(ctx, []string{"-h"}, stdin, stdout, stdout)
				}
			}
			return Usagef(stderr, group, "unknown command %q", args[1])
		}
		usage(stdout)
		return ExitOK
	}
	var names []string
	for _, c := range cmds {
		if c.Name == name {
			if WantsHelp(args[1:]) {
				return c.Run(ctx, []string{"-h"}, stdin, stdout, stdout)
			}
			return c.Run(ctx, args[1:], stdin, stdout, stderr)
		}
		names = append(names, c.Name)
	}
	hint := ""
	if s := suggest.Closest(name, names); s != "" {
		hint = fmt.Sprintf(" (did you mean %s?)", s)
	}
	fmt.Fprintf(stderr, "analyze %s: unknown command %q%s\n", group, name, hint)
	fmt.Fprintf(stderr, "run 'analyze %s help' for the command list\n", group)
	return ExitUsage
}
