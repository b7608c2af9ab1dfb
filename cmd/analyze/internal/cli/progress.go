package cli

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// Progress draws a one-line progress report on stderr, at most ten times a second, and
// only when stderr is a terminal; otherwise every method is a no-op.
type Progress struct {
	w     io.Writer
	label string
	unit  string
	on    bool
	mu    sync.Mutex
	start time.Time
	last  time.Time
	drawn bool
}

// NewProgress returns a progress line labelled label counting unit (e.g. "pairs").
func NewProgress(stderr io.Writer, label, unit string) *Progress {
	now := time.Now()
	return &Progress{w: stderr, label: label, unit: unit, on: IsTerminal(stderr), start: now, last: now}
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
	if total > 0 {
		eta := ""
		if rate > 0 {
			eta = fmt.Sprintf(", %s left", (time.Duration(float64(total-done)/rate) * time.Second).Round(time.Second))
		}
		fmt.Fprintf(p.w, "\r\x1b[K%s: %d/%d %s (%.1f%%), %.3g %s/s%s", p.label, done, total, p.unit,
			100*float64(done)/float64(total), rate, p.unit, eta)
	} else {
		fmt.Fprintf(p.w, "\r\x1b[K%s: %d %s, %.3g %s/s", p.label, done, p.unit, rate, p.unit)
	}
	p.drawn = true
}

// Done clears the progress line.
func (p *Progress) Done() {
	if p == nil || !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = false
	}
}
