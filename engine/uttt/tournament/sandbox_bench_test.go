//go:build linux

package tournament

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// BenchmarkTurn is the cost of one turn of a bot that prints a move (a shell script),
// run plainly (none) and sandboxed (bwrap: namespaces, mounts, limits, the turn's
// cgroup where writable, the check for processes left behind). child-CPU-µs/turn is the
// CPU time of the processes each turn starts (bwrap, the shells, the bot).
func BenchmarkTurn(b *testing.B) {
	for _, mode := range []string{"none", "bwrap"} {
		b.Run(mode, func(b *testing.B) {
			dir := b.TempDir()
			folder := filepath.Join(dir, "bot")
			os.Mkdir(folder, 0o755)
			bot := filepath.Join(folder, "bot.sh")
			if err := os.WriteFile(bot, []byte("#!/bin/sh\necho 44\n"), 0o755); err != nil {
				b.Fatal(err)
			}
			p := &Process{Argv: []string{bot}, Dir: dir, Limit: 5 * time.Second}
			if mode == "bwrap" {
				p.Sandbox, p.Folder = testSandbox(b), folder
			}
			b.ReportAllocs()
			var ru0, ru1 syscall.Rusage
			syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru0)
			start := time.Now()
			for b.Loop() {
				if out, err := p.Answer(context.Background(), startArgs); err != nil || out != "44\n" {
					b.Fatalf("%q, %v", out, err)
				}
			}
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "turns/s")
			syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru1)
			cpu := time.Duration(ru1.Utime.Nano() + ru1.Stime.Nano() - ru0.Utime.Nano() - ru0.Stime.Nano())
			b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "child-CPU-µs/turn")
		})
	}
}
