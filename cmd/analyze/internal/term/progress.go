// Package term writes for a person at a terminal: whether a writer is one, and a
// one-line progress meter whose Update fits the library's progress callbacks.
package term

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// Progress draws a one-line progress report on stderr, at most ten times a second, and
// only when stderr is a terminal and TERM is not "dumb"; otherwise every method is a
// no-op. With NO_COLOR set the line is redrawn with a carriage return and spaces
// only, no escape sequences.
type Progress struct {
	w     io.Writer
	label string
	unit  string
	on    bool
	mu    sync.Mutex
	start time.Time
	last  time.Time
	drawn bool
	plain bool // no escape sequences (NO_COLOR)
	width int  // length of the last line drawn, for plain redraws
}

// NewProgress returns a progress line on stderr labelled label counting unit (e.g.
// "pairs").
func NewProgress(stderr io.Writer, label, unit string) *Progress {
	return newProgress(stderr, label, unit, IsTerminal(stderr))
}

// IsTerminal reports whether w (or the writer it wraps, through an Unwrap method) is a
// terminal. /dev/null and other character devices are not terminals.
func IsTerminal(w io.Writer) bool {
	for {
		u, ok := w.(interface{ Unwrap() io.Writer })
		if !ok {
			break
		}
		w = u.Unwrap()
	}
	f, ok := w.(*os.File)
	return ok && isTerminal(f)
}

func newProgress(stderr io.Writer, label, unit string, terminal bool) *Progress {
	now := time.Now()
	on := terminal && os.Getenv("TERM") != "dumb"
	_, plain := os.LookupEnv("NO_COLOR")
	return &Progress{w: stderr, label: label, unit: unit, on: on, plain: plain, start: now, last: now}
}

// Update reports done out of total (total <= 0 when unknown).
func (p *Progress) Update(done, total int64) {
	if p == nil || !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = now
	el := now.Sub(p.start).Seconds()
	rate := 0.0
	if el > 0 {
		rate = float64(done) / el
	}
	var line string
	if total > 0 {
		eta := ""
		if rate > 0 {
			eta = fmt.Sprintf(", %s left", (time.Duration(float64(total-done)/rate) * time.Second).Round(time.Second))
		}
		line = fmt.Sprintf("%s: %d/%d %s (%.1f%%), %.3g %s/s%s", p.label, done, total, p.unit,
			100*float64(done)/float64(total), rate, p.unit, eta)
	} else {
		line = fmt.Sprintf("%s: %d %s, %.3g %s/s", p.label, done, p.unit, rate, p.unit)
	}
	p.draw(line)
}

// Done clears the progress line.
func (p *Progress) Done() {
	if p == nil || !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		p.draw("")
		fmt.Fprint(p.w, "\r")
		p.drawn = false
	}
}

// Print writes text on stderr above the progress line, which is cleared first and
// drawn again at the next Update; without a progress line it writes text as is. It
// may be called from several goroutines.
func (p *Progress) Print(text string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.on && p.drawn {
		p.draw("")
		fmt.Fprint(p.w, "\r")
		p.drawn = false
		p.last = time.Time{} // redraw at the next Update
	}
	io.WriteString(p.w, text)
}

// draw replaces the progress line with line.
func (p *Progress) draw(line string) {
	if p.plain {
		pad := ""
		if n := p.width - len(line); n > 0 {
			pad = strings.Repeat(" ", n)
		}
		fmt.Fprintf(p.w, "\r%s%s", line, pad)
	} else {
		fmt.Fprintf(p.w, "\r\x1b[K%s", line)
	}
	p.width = len(line)
	p.drawn = true
}
