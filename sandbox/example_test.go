package sandbox_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/boardlab/boardlab/sandbox"
)

// A judge runs one turn of a bot: the bot's folder is the only place it may write, the
// turn gets its own pids cgroup (where one is writable), and the cgroup is ended, with
// anything left in it, after the turn. Without a working bubblewrap New fails.
func Example() {
	sb, err := sandbox.New(sandbox.Sandbox{CPU: 2 * time.Second})
	if err != nil {
		fmt.Println("no sandbox here:", err)
		return
	}
	dir, _ := os.MkdirTemp("", "judge")
	defer os.RemoveAll(dir)
	folder := filepath.Join(dir, "bot")
	os.Mkdir(folder, 0o755)

	cg, err := sb.NewCgroup()
	if err != nil {
		fmt.Println(err)
		return
	}
	argv := sb.Command(dir, folder, nil, []string{"/bin/sh", "-c", "echo 44 > answer; cat answer"}, cg)
	out, err := exec.Command(argv[0], argv[1:]...).Output()
	if _, cerr := sandbox.EndCgroup(cg); err == nil {
		err = cerr
	}
	fmt.Printf("%q %v\n", out, err)
}
