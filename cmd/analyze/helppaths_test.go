package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// repoPath matches a path inside the repository as help texts name one
// ("engine/uttt/search/weights.txt").
var repoPath = regexp.MustCompile(`\b(?:engine|cmd|docs|bench|internal|fileio|pipeline|shard|sandbox|profiles|deploy|notes)/[A-Za-z0-9_./-]*[A-Za-z0-9_]`)

// TestHelpPathsExist: every file of the repository a command's -h names is there.
func TestHelpPathsExist(t *testing.T) {
	n := 0
	for c, help := range allCommands(t) {
		for _, p := range repoPath.FindAllString(help, -1) {
			n++
			if _, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(p))); err != nil {
				t.Errorf("%s -h names %s, which is not in the repository", c, p)
			}
		}
	}
	if n == 0 {
		t.Fatal("no help names a file of the repository: the pattern is wrong")
	}
}
