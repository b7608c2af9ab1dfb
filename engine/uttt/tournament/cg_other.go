//go:build !linux

package tournament

import "os/exec"

// setGroup does nothing off Linux: only the bot itself is killed.
func setGroup(*exec.Cmd) {}

// killGroup kills the bot.
func killGroup(cmd *exec.Cmd) { cmd.Process.Kill() }
