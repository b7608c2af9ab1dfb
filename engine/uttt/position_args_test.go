package uttt

import (
	"strings"
	"testing"
)

func TestParsePosition(t *testing.T) {
	for _, a := range []string{"---------", "X-o-0-O-x"} {
		if !IsBoardString(a) {
			t.Errorf("IsBoardString(%q) = false", a)
		}
	}
	for _, a := range []string{"--------", "----#----", "--threads"} {
		if IsBoardString(a) {
			t.Errorf("IsBoardString(%q) = true", a)
		}
	}
	if p, err := ParsePosition(nil); err != nil || p != Start() {
		t.Errorf("no arguments: %v", err)
	}
	byMoves, err := ParsePosition([]string{"44", "40"})
	if err != nil {
		t.Fatal(err)
	}
	args := byMoves.ProtocolArgs()
	byProtocol, err := ParsePosition(args)
	if err != nil || byProtocol.Hash() != byMoves.Hash() {
		t.Errorf("protocol %q: %v", args, err)
	}
	if _, err := ParsePosition([]string{"44", "44"}); err == nil || !strings.Contains(err.Error(), "move 2") {
		t.Errorf("an illegal move: %v", err)
	}
	if _, err := ParsePosition(strings.Fields("X --------- x")); err == nil {
		t.Error("a short protocol position parsed")
	}
}
