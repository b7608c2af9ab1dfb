package draw_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/draw"
)

// Score a board and write its ownership map as an SVG file named after its input.
func ExampleWrite() {
	b, err := goban.Parse([]byte("X O -\nX O -\nX - -"))
	if err != nil {
		fmt.Println(err)
		return
	}
	var s goban.Scorer
	res := s.Score(b)
	dir, err := os.MkdirTemp("", "draw")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	name := "games/one.txt"
	path := filepath.Join(dir, draw.FileName(name, ".svg"))
	p := draw.Picture{Name: name, Result: res, Owner: s.Owner(nil, b), Text: res.String()}
	if err := draw.Write(path, nil, "svg", 0, p); err != nil {
		fmt.Println(err)
		return
	}
	f, _ := os.Open(path)
	defer f.Close()
	first, _ := bufio.NewReader(f).ReadString('>')
	fmt.Println(filepath.Base(path), res, first)
	// Output:
	// games_one.txt.svg B+1 <svg xmlns="http://www.w3.org/2000/svg" width="480" height="198" viewBox="0 0 480 198">
}
