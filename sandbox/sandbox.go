// Package sandbox runs untrusted programs (game bots) under bubblewrap: a read-only view of
// the system, one writable folder, no network, and per-run limits on CPU, memory, processes
// and file size, with each run's process tree counted and killed through a pids cgroup.
package sandbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Defaults of the per-run limits of a sandboxed program.
const (
	DefaultMemory   = 1 << 30  // address space of each process (RLIMIT_AS)
	DefaultProcs    = 64       // processes and threads of one turn
	DefaultFileSize = 16 << 20 // largest file a bot may write (RLIMIT_FSIZE)
	DefaultTmpSize  = 64 << 20 // size of the private /tmp
)

// ErrViolation marks a turn in which the bot tried to read or write outside its folder:
// the sandbox made the access fail and the bot's stderr shows the failure.
var ErrViolation = errors.New("tried to read or write outside its folder")

// ErrLeftRunning marks a turn after which the bot left processes running in the
// sandbox (a daemon, a fork bomb in the background); they were killed with the turn.
var ErrLeftRunning = errors.New("left processes running after it exited")

// leftMark starts the wrapper's report of processes left running.
var leftMark = []byte("sandbox: the bot exited leaving ")

// violationMarks are the error texts (strerror of EROFS and EACCES) a failed access
// outside the bot's folder produces inside the sandbox: everything but the folder is
// mounted read-only and the other bots' folders are mounted as closed (mode 000) empty
// directories.
var violationMarks = [][]byte{[]byte("Read-only file system"), []byte("Permission denied")}

// Sandbox runs every turn of a bot under bubblewrap: a read-only view of the system,
// the bot's folder the only writable place, the other bots' folders hidden, a private
// /tmp, no network, new PID, IPC, UTS, user and mount namespaces, a new session, no
// capabilities, and per-turn limits on CPU time, address space, processes and file size.
// Make one with New.
type Sandbox struct {
	Bwrap    string        // path of bwrap
	CPU      time.Duration // CPU time of each process (RLIMIT_CPU, whole seconds, rounded up)
	Memory   int64         // address space of each process in bytes (RLIMIT_AS)
	Procs    int           // processes of one turn (pids cgroup, else RLIMIT_NPROC)
	FileSize int64         // largest file written in bytes (RLIMIT_FSIZE)
	TmpSize  int64         // size of the private /tmp in bytes
	Expose   []string      // absolute paths shown read-only although under a hidden directory

	cgroup  string   // the pids cgroup under which each turn gets its own, "" when not writable
	root    bool     // running as root, where RLIMIT_NPROC does not apply
	setpriv string   // setpriv, to run bots as their folder's owner when root has no cgroup
	scratch []string // private writable tmpfs mounts (/tmp, /var/tmp)
	hidden  []string // directories replaced by an empty read-only tmpfs (/home, /root, /run, ...)
}

// Directories a bot gets empty: scratch ones writable and private to the turn, hidden
// ones read-only (users' files, sockets of system services).
var (
	scratchDirs = []string{"/tmp", "/var/tmp"}
	hiddenDirs  = []string{"/home", "/root", "/run", "/mnt", "/media", "/srv"}
)

// StartGrace is how long a sandboxed turn may take to set up its sandbox before the
// bot starts: a turn's time limit runs from the byte the wrapper writes on fd 3.
const StartGrace = 10 * time.Second

// turnSeq numbers the turn cgroups of this controller.
var turnSeq atomic.Uint64

// New finds bwrap (in PATH), checks once with a trivial command that it works
// here, and picks the process-count limit: a pids cgroup per turn where one can be
// created, else RLIMIT_NPROC inside the sandbox's user namespace. Limits left zero get
// the defaults; CPU defaults to 2 s. It removes the cgroups of controllers that died.
func New(s Sandbox) (*Sandbox, error) {
	sb := &Sandbox{Bwrap: s.Bwrap, CPU: s.CPU, Memory: s.Memory, Procs: s.Procs, FileSize: s.FileSize, TmpSize: s.TmpSize, Expose: s.Expose}
	for _, e := range sb.Expose {
		if !filepath.IsAbs(e) {
			return nil, fmt.Errorf("sandbox: exposed path %q is not absolute", e)
		}
		if _, err := os.Stat(e); err != nil {
			return nil, fmt.Errorf("sandbox: exposed path: %v", err)
		}
	}
	if sb.CPU <= 0 {
		sb.CPU = 2 * time.Second
	}
	if sb.Memory <= 0 {
		sb.Memory = DefaultMemory
	}
	if sb.Procs <= 0 {
		sb.Procs = DefaultProcs
	}
	if sb.FileSize <= 0 {
		sb.FileSize = DefaultFileSize
	}
	if sb.TmpSize <= 0 {
		sb.TmpSize = DefaultTmpSize
	}
	if sb.Bwrap == "" {
		sb.Bwrap = "bwrap"
	}
	path, err := exec.LookPath(sb.Bwrap)
	if err != nil {
		return nil, fmt.Errorf("bubblewrap (bwrap) not found: %v", err)
	}
	sb.Bwrap = path
	sb.root = os.Geteuid() == 0
	for _, d := range scratchDirs {
		if realDir(d) {
			sb.scratch = append(sb.scratch, d)
		}
	}
	for _, d := range hiddenDirs {
		if realDir(d) {
			sb.hidden = append(sb.hidden, d)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	args := sb.Command("/", "", nil, []string{"echo", "ok"}, "")
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || string(out) != "ok\n" {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" && err != nil {
			msg = err.Error()
		}
		return nil, fmt.Errorf("bubblewrap (%s) does not work here: %s", sb.Bwrap, msg)
	}
	sb.cgroup = findPidsCgroup()
	if sb.cgroup != "" {
		cleanStaleCgroups(sb.cgroup)
	} else if sb.root {
		sb.setpriv, _ = exec.LookPath("setpriv")
	}
	return sb, nil
}

// Limits describes the limits in force, for the controller's one line on stderr.
func (s *Sandbox) Limits() string {
	procs := fmt.Sprintf("%d processes (pids cgroup %s)", s.Procs, s.cgroup)
	if s.cgroup == "" {
		switch {
		case s.root && s.setpriv != "":
			procs = fmt.Sprintf("%d processes (no writable pids cgroup: each bot runs as the owner of its folder under RLIMIT_NPROC; a bot whose folder root owns, or that has none, has no process-count limit, its turn's time limit ends a fork bomb)", s.Procs)
		case s.root:
			procs = "no process-count limit (root without a writable pids cgroup or setpriv: RLIMIT_NPROC does not apply to root; the turn's time limit ends a fork bomb)"
		default:
			procs = fmt.Sprintf("%d processes (RLIMIT_NPROC, counted in the sandbox's user namespace)", s.Procs)
		}
	}
	return fmt.Sprintf("bwrap; per turn: %d s CPU per process, %s address space, %s, files up to %s, /tmp %s, no network",
		cpuSeconds(s.CPU), sizeString(s.Memory), procs, sizeString(s.FileSize), sizeString(s.TmpSize))
}

func cpuSeconds(d time.Duration) int64 {
	return int64(math.Ceil(d.Seconds()))
}

func sizeString(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Hidden returns the directory hiding path from the bots ("" when path is visible):
// one of the emptied directories (/home, /root, /run, ...) or the private ones (/tmp,
// /var/tmp), unless path is inside dir or an exposed path.
func (s *Sandbox) Hidden(path, dir string) string {
	if under(path, dir) {
		return ""
	}
	for _, e := range s.Expose {
		if under(path, e) {
			return ""
		}
	}
	for _, d := range append(append([]string{}, s.scratch...), s.hidden...) {
		if under(path, d) {
			return d
		}
	}
	return ""
}

// realDir reports whether p is a directory and not a symbolic link.
func realDir(p string) bool {
	fi, err := os.Lstat(p)
	return err == nil && fi.IsDir()
}

// baseArgs are the bwrap options of every turn before the bot's own mounts.
func (s *Sandbox) baseArgs() []string {
	a := []string{
		"--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent", "--new-session",
		"--cap-drop", "ALL",
		"--ro-bind", "/", "/",
		"--dev", "/dev",
		"--proc", "/proc",
	}
	for _, d := range s.scratch {
		a = append(a, "--size", strconv.FormatInt(s.TmpSize, 10), "--tmpfs", d)
	}
	for _, d := range s.hidden {
		a = append(a, "--size", "65536", "--tmpfs", d)
	}
	return a
}

// wrapper sets the limits inside the sandbox and runs the bot as its child (not with
// exec), so a bot killing or stopping its parent only ends or stalls its own turn. Just
// before the bot starts it writes a byte on fd 3 and closes it: the judge starts the
// turn's clock there, so the sandbox's own start-up (slow on a loaded machine) does not
// count against the bot. When
// the bot has exited it counts the processes still running in the sandbox (other than
// bwrap's init and itself; zombies excepted): any left is an error, status 124. Status
// 125 means the limits could not be set.
const wrapper = `ulimit -c 0 && ulimit -t "$1" && ulimit -v "$2" && ulimit -f "$3" && { [ "$4" = 0 ] || ulimit -u "$4" 2>/dev/null || ulimit -p "$4"; } || { echo "sandbox: cannot set the limits" >&2; exit 125; }
shift 4
{ printf . >&3; } 2>/dev/null
exec 3>&-
"$@"
st=$?
n=0
for p in /proc/[0-9]*; do
  p=${p#/proc/}
  if [ "$p" = 1 ] || [ "$p" = $$ ]; then continue; fi
  s=
  read -r s 2>/dev/null < "/proc/$p/stat" || continue
  case "$s" in ""|*") Z "*|*") X "*) continue;; esac
  n=$((n+1))
done
if [ $n -gt 0 ]; then echo "sandbox: the bot exited leaving $n processes running" >&2; exit 124; fi
exit $st`

// joinCgroup moves the shell into the turn's cgroup before it becomes bwrap, so every
// process of the turn is counted from the start.
const joinCgroup = `echo $$ > "$1/cgroup.procs" || exit 125
shift
exec "$@"`

// Command returns the argv of one sandboxed turn: bwrap with dir (the bot's working
// directory) read-only, folder writable, hide closed, then the limit wrapper and argv.
// cg is the turn's cgroup directory (from NewCgroup) or "". The wrapper writes a byte on
// fd 3 just before argv starts, when the caller passes fd 3 (see StartGrace).
func (s *Sandbox) Command(dir, folder string, hide []string, argv []string, cg string) []string {
	a := s.baseArgs()
	for _, d := range append(append([]string{}, s.scratch...), s.hidden...) {
		if under(dir, d) {
			a = append(a, "--ro-bind", dir, dir)
			break
		}
	}
	for _, e := range s.Expose {
		a = append(a, "--ro-bind", e, e)
	}
	for _, h := range hide {
		a = append(a, "--perms", "0000", "--tmpfs", h, "--remount-ro", h)
	}
	if folder != "" {
		a = append(a, "--bind", folder, folder)
	}
	for _, d := range s.hidden {
		a = append(a, "--remount-ro", d)
	}
	a = append(a, "--chdir", dir, "--", "/bin/sh", "-c", wrapper, "sh")
	// Without a cgroup, RLIMIT_NPROC counts processes per user: root is exempt, so
	// root runs the bot as the owner of its folder (a user other than root).
	var asUser []string
	if s.root && s.cgroup == "" && s.setpriv != "" && folder != "" {
		if uid, gid, ok := fileOwner(folder); ok && uid != 0 {
			asUser = []string{s.setpriv, "--reuid=" + strconv.Itoa(uid), "--regid=" + strconv.Itoa(gid), "--clear-groups", "--"}
		}
	}
	nproc := 0
	if s.cgroup == "" && (!s.root || asUser != nil) {
		nproc = s.Procs
	}
	a = append(a, strconv.FormatInt(cpuSeconds(s.CPU), 10), strconv.FormatInt(s.Memory>>10, 10),
		strconv.FormatInt(fsizeBlocks(s.FileSize), 10), strconv.Itoa(nproc))
	a = append(a, argv...)
	full := append(append(asUser, s.Bwrap), a...)
	if cg != "" {
		full = append([]string{"/bin/sh", "-c", joinCgroup, "sh", cg}, full...)
	}
	return full
}

// fsizeBlocks converts bytes to the 512-byte blocks of the shell's "ulimit -f".
func fsizeBlocks(n int64) int64 {
	return (n + 511) / 512
}

// under reports whether path is root or inside it.
func under(path, root string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}

// NewCgroup creates the cgroup of one turn with its process limit; "" when cgroups
// are not in use. End it with EndCgroup once the turn is over.
func (s *Sandbox) NewCgroup() (string, error) {
	if s.cgroup == "" {
		return "", nil
	}
	dir := filepath.Join(s.cgroup, fmt.Sprintf("%s%d-%d", CgroupPrefix, os.Getpid(), turnSeq.Add(1)))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return "", fmt.Errorf("sandbox: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "pids.max"), []byte(strconv.Itoa(s.Procs)), 0o644); err != nil {
		os.Remove(dir)
		return "", fmt.Errorf("sandbox: %v", err)
	}
	return dir, nil
}

// CgroupPrefix starts the name of every turn's cgroup, followed by the controller's pid,
// a dash and the turn's number.
const CgroupPrefix = "boardlab-uttt-"

// Cgroup returns the pids cgroup directory under which each turn gets its own, "" when
// no writable one was found.
func (s *Sandbox) Cgroup() string { return s.cgroup }

// EndCgroup kills whatever still runs in the turn's cgroup, waits until it is empty and
// removes it. It reports the processes it had to kill.
func EndCgroup(dir string) (killed int, err error) {
	if dir == "" {
		return 0, nil
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		pids := cgroupPids(dir)
		if len(pids) == 0 {
			break
		}
		for _, pid := range pids {
			killPid(pid)
			killed++
		}
		if time.Now().After(deadline) {
			return killed, fmt.Errorf("sandbox: processes still alive in %s: %v", dir, pids)
		}
		time.Sleep(2 * time.Millisecond)
	}
	// The cgroup may be busy for a moment after its last process is reaped.
	for {
		err := os.Remove(dir)
		if err == nil || os.IsNotExist(err) {
			return killed, nil
		}
		if time.Now().After(deadline) {
			return killed, fmt.Errorf("sandbox: %v", err)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func cgroupPids(dir string) []int {
	b, err := os.ReadFile(filepath.Join(dir, "cgroup.procs"))
	if err != nil {
		return nil
	}
	var pids []int
	for _, f := range strings.Fields(string(b)) {
		if n, err := strconv.Atoi(f); err == nil {
			pids = append(pids, n)
		}
	}
	return pids
}

// findPidsCgroup returns a writable pids cgroup directory: the v1 pids hierarchy, or
// the v2 root when its pids controller is enabled for children. It checks by creating
// and removing a child.
func findPidsCgroup() string {
	var cands []string
	if _, err := os.Stat("/sys/fs/cgroup/pids/pids.max"); err == nil || dirExists("/sys/fs/cgroup/pids") {
		cands = append(cands, "/sys/fs/cgroup/pids")
	}
	if b, err := os.ReadFile("/sys/fs/cgroup/cgroup.subtree_control"); err == nil && strings.Contains(" "+string(b)+" ", " pids") {
		cands = append(cands, "/sys/fs/cgroup")
	}
	for _, c := range cands {
		probe := filepath.Join(c, fmt.Sprintf("%sprobe-%d", CgroupPrefix, os.Getpid()))
		if err := os.Mkdir(probe, 0o755); err != nil {
			continue
		}
		_, err := os.Stat(filepath.Join(probe, "pids.max"))
		os.Remove(probe)
		if err == nil {
			return c
		}
	}
	return ""
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// cleanStaleCgroups removes the turn cgroups left by controllers that are no longer
// running (killed mid-turn), killing what still runs in them.
func cleanStaleCgroups(root string) {
	ents, _ := os.ReadDir(root)
	for _, e := range ents {
		name := e.Name()
		if !e.IsDir() || !strings.HasPrefix(name, CgroupPrefix) {
			continue
		}
		rest := strings.TrimPrefix(strings.TrimPrefix(name, CgroupPrefix), "probe-")
		pid, err := strconv.Atoi(strings.SplitN(rest, "-", 2)[0])
		if err != nil || pid == os.Getpid() || processAlive(pid) {
			continue
		}
		EndCgroup(filepath.Join(root, name))
	}
}

// Folders works out, for bots whose commands are argvs, each bot's own folder (""
// for none) and the folders closed to it. A bot's folder (BotFolder) is its own, the
// only place it can write, when it holds a data.txt, as in a tournament directory of
// bot folders; it is then closed to the other bots (unless it is theirs too). A folder
// without data.txt, such as bin/ holding the zoo's program, stays read-only and
// visible to every bot.
func Folders(dir string, argvs [][]string) (own []string, hide [][]string) {
	own = make([]string, len(argvs))
	for i, argv := range argvs {
		if f := BotFolder(dir, argv); f != "" {
			if fi, err := os.Stat(filepath.Join(f, "data.txt")); err == nil && fi.Mode().IsRegular() {
				own[i] = f
			}
		}
	}
	hide = make([][]string, len(argvs))
	for i := range argvs {
		for _, f := range own {
			if f != "" && f != own[i] && !slices.Contains(hide[i], f) {
				hide[i] = append(hide[i], f)
			}
		}
	}
	return own, hide
}

// lineAround returns the line of w holding byte i, trimmed and clipped.
func lineAround(w []byte, i int) string {
	start := bytes.LastIndexByte(w[:i], '\n') + 1
	end := bytes.IndexByte(w[i:], '\n')
	if end < 0 {
		end = len(w)
	} else {
		end += i
	}
	if end-start <= 160 {
		return strings.TrimSpace(string(w[start:end]))
	}
	// A long line keeps its start and the stretch around position i, where the mark
	// (the reason) stands, whatever the length of the paths before it.
	a, b := max(i-80, start+40), min(end, i+80)
	line := strings.TrimSpace(string(w[start:start+40])) + "..." + string(w[a:b])
	if b < end {
		line += "..."
	}
	return line
}

// BotFolder returns the folder of a bot inside dir: the top-level directory of dir that
// holds the first argument naming a path inside dir (the program, or a script given to
// an interpreter), or "" when none does.
func BotFolder(dir string, argv []string) string {
	for i, a := range argv {
		if i > 0 && !strings.Contains(a, "/") {
			continue
		}
		p := a
		if !filepath.IsAbs(p) {
			if !strings.Contains(p, "/") {
				continue
			}
			p = filepath.Join(dir, p)
		}
		rel, err := filepath.Rel(dir, filepath.Clean(p))
		if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, "../") {
			continue
		}
		first := strings.SplitN(rel, "/", 2)
		if len(first) < 2 {
			continue // a file directly in dir: no folder
		}
		if f := filepath.Join(dir, first[0]); dirExists(f) {
			return f
		}
	}
	return ""
}

// Scanner looks for signs of a failed access outside the bot's folder in a sandboxed
// turn's stderr, read in chunks, and for the wrapper's report of processes left running.
// The zero value is ready to use.
type Scanner struct {
	carry []byte
	line  string // the first line showing a violation
	left  string // the wrapper's line about processes left running
}

// Violation returns the first stderr line showing a failed access outside the bot's
// folder, "" when none was seen.
func (sc *Scanner) Violation() string { return sc.line }

// Left returns the wrapper's line reporting processes left running, "" when none.
func (sc *Scanner) Left() string { return sc.left }

// Write scans the next chunk of stderr.
func (sc *Scanner) Write(p []byte) {
	w := append(sc.carry, p...)
	if sc.line == "" {
	marks:
		for _, m := range violationMarks {
			for off := 0; ; {
				i := bytes.Index(w[off:], m)
				if i < 0 {
					break
				}
				// bwrap's own errors (setting up the sandbox) are not the bot's doing.
				if line := lineAround(w, off+i); !strings.HasPrefix(line, "bwrap: ") {
					sc.line = line
					break marks
				}
				off += i + len(m)
			}
		}
	}
	if sc.left == "" {
		if i := bytes.Index(w, leftMark); i >= 0 {
			sc.left = lineAround(w, i)
		}
	}
	const keep = 200
	if len(w) > keep {
		w = w[len(w)-keep:]
	}
	sc.carry = append(sc.carry[:0], w...)
}
