package sgf

import "testing"

func TestRU(t *testing.T) {
	var p Parser
	var g Game
	p.Reset([]byte("(;GM[1]RU[ Japanese ]KM[6.5];B[aa])(;GM[1];B[bb])"))
	if err := p.Next(&g); err != nil || string(g.RU) != "Japanese" {
		t.Errorf("RU %q, err %v; want Japanese", g.RU, err)
	}
	if err := p.Next(&g); err != nil || g.RU != nil {
		t.Errorf("RU %q, err %v; want none", g.RU, err)
	}
}
