package utttcmd

import (
	"os"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt/search"
)

func TestTrainCommand(t *testing.T) {
	dir := t.TempDir()
	games, net := dir+"/g.txt", dir+"/net.bin"
	if _, errOut, code := engineRun(runTune, "--count", "20", "--nodes", "200", "--jobs", "2", "--rounds", "0", "--save-games", games, "--out", dir+"/w.txt"); code != 0 {
		t.Fatalf("tune: code %d: %s", code, errOut)
	}
	text, _ := os.ReadFile(games)
	if !strings.Contains(string(text), " | - - - - - - - - ") {
		t.Fatalf("saved games carry no scores:\n%.300s", text)
	}
	_, errOut, code := engineRun(runTrain, "--load-games", games, "--epochs", "2", "--jobs", "2", "--out", net)
	if code != 0 || !strings.Contains(errOut, "held-out, linear evaluation: log-loss") || !strings.Contains(errOut, "held-out, network (int):") {
		t.Fatalf("train: code %d: %s", code, errOut)
	}
	data, err := os.ReadFile(net)
	if err != nil {
		t.Fatal(err)
	}
	var n search.FloatNet
	if err := n.UnmarshalBinary(data); err != nil {
		t.Fatalf("written network: %v", err)
	}
	// --init: training goes on from that network, so epoch 0's held-out figures are the
	// written network's (the float figures train reported for it last), not an
	// untrained one's; a missing or foreign file is named.
	final := lineWith(errOut, "held-out, network (float): ")
	_, errOut2, code := engineRun(runTrain, "--load-games", games, "--epochs", "1", "--jobs", "2", "--init", net, "--out", dir+"/net2.bin")
	if code != 0 || final == "" || !strings.Contains(errOut2, "epoch 0: held-out "+final) {
		t.Fatalf("train --init: code %d, want epoch 0 at %q:\n%s", code, final, errOut2)
	}
	for _, bad := range []string{dir + "/missing.bin", games} {
		if _, errOut, code := engineRun(runTrain, "--load-games", games, "--init", bad, "--out", dir+"/net3.bin"); code != 1 || !strings.Contains(errOut, "--init: ") || !strings.Contains(errOut, bad) {
			t.Errorf("--init %s: code %d: %s", bad, code, errOut)
		}
	}
	// A scores line that does not match the moves is an error with its line number.
	os.WriteFile(games, []byte(strings.Replace(string(text), " | - ", " | x ", 1)), 0o644)
	if _, errOut, code := engineRun(runTrain, "--load-games", games, "--out", net); code != 1 || !strings.Contains(errOut, "g.txt:1: score 1") {
		t.Fatalf("bad score: code %d: %s", code, errOut)
	}
	for _, bad := range [][]string{{"--out", net}, {"--load-games", games}, {"--load-games", games, "--out", net, "--blend", "2"}, {"--load-games", games, "--out", net, "x"}} {
		if _, errOut, code := engineRun(runTrain, bad...); code != 2 || errOut == "" {
			t.Errorf("train %v: code %d", bad, code)
		}
	}
}

// TestTuneEvalNet: --eval net plays the self-play games with the network: the same
// seed gives other games than the linear evaluation's, and a bad --eval is a usage error.
func TestTuneEvalNet(t *testing.T) {
	dir := t.TempDir()
	saved := map[string]string{}
	for _, eval := range []string{"linear", "net"} {
		games := dir + "/" + eval + ".txt"
		if _, errOut, code := engineRun(runTune, "--count", "10", "--nodes", "300", "--jobs", "2", "--eval", eval, "--rounds", "0", "--save-games", games, "--out", dir+"/w.txt"); code != 0 {
			t.Fatalf("tune --eval %s: code %d: %s", eval, code, errOut)
		}
		text, _ := os.ReadFile(games)
		if strings.Count(string(text), "\n") != 10 {
			t.Fatalf("tune --eval %s saved:\n%.300s", eval, text)
		}
		saved[eval] = string(text)
	}
	if saved["linear"] == saved["net"] {
		t.Error("--eval net played the linear evaluation's games")
	}
	// --net FILE: an untrained network scores as the linear evaluation, so it plays the
	// linear evaluation's games, not the embedded network's.
	netFile := dir + "/untrained.bin"
	data, _ := search.RandomFloatNet(460, 1).MarshalBinary()
	os.WriteFile(netFile, data, 0o644)
	games := dir + "/file.txt"
	if _, errOut, code := engineRun(runTune, "--count", "10", "--nodes", "300", "--jobs", "2", "--net", netFile, "--rounds", "0", "--save-games", games, "--out", dir+"/w.txt"); code != 0 {
		t.Fatalf("tune --net: code %d: %s", code, errOut)
	}
	if text, _ := os.ReadFile(games); string(text) == saved["net"] || string(text) != saved["linear"] {
		t.Errorf("tune --net with an untrained network: its games are not the linear evaluation's")
	}
	if _, errOut, code := engineRun(runTune, "--net", dir+"/missing.bin"); code != 1 || !strings.Contains(errOut, "missing.bin") {
		t.Errorf("--net missing file: code %d: %s", code, errOut)
	}
	if _, errOut, code := engineRun(runTune, "--eval", "mcts"); code != 2 || !strings.Contains(errOut, `--eval "mcts"`) {
		t.Errorf("--eval mcts: code %d: %s", code, errOut)
	}
}

// lineWith returns the rest of the first line of s that starts with prefix, or "".
func lineWith(s, prefix string) string {
	for _, l := range strings.Split(s, "\n") {
		if rest, ok := strings.CutPrefix(l, prefix); ok {
			return rest
		}
	}
	return ""
}
