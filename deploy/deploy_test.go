// Package deploy holds the cluster examples (a Kubernetes Indexed Job manifest and a
// Slurm array script); its test checks that they are well-formed and that the jobs
// they describe, run as shards on this machine with the schedulers' variables and then
// merged, print exactly what one unsharded run prints.
package deploy

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The fields of the manifests that the examples use.
type manifest struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Spec struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    *int   `yaml:"completions"`
		Parallelism    *int   `yaml:"parallelism"`
		Template       struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Name    string   `yaml:"name"`
					Image   string   `yaml:"image"`
					Command []string `yaml:"command"`
					Args    []string `yaml:"args"`
					Env     []struct {
						Name  string `yaml:"name"`
						Value string `yaml:"value"`
					} `yaml:"env"`
					VolumeMounts []struct {
						Name      string `yaml:"name"`
						MountPath string `yaml:"mountPath"`
					} `yaml:"volumeMounts"`
				} `yaml:"containers"`
				Volumes []struct {
					Name                  string `yaml:"name"`
					PersistentVolumeClaim struct {
						ClaimName string `yaml:"claimName"`
					} `yaml:"persistentVolumeClaim"`
				} `yaml:"volumes"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

func readManifests(t *testing.T, path string) []manifest {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	var ms []manifest
	for {
		var node yaml.Node
		err := dec.Decode(&node)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var m manifest
		if err := node.Decode(&m); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		ms = append(ms, m)
	}
	return ms
}

// job is one sharded analyze command of an example and the merge that follows it.
type job struct {
	name   string
	args   []string // analyze's arguments, as written
	shards int
	merge  []string // the analyze merge arguments for its output
}

func TestKubernetesManifests(t *testing.T) {
	ms := append(readManifests(t, "kubernetes.yaml"), readManifests(t, "kubernetes-merge.yaml")...)
	claims := map[string]bool{}
	var jobs []job
	var merges [][]string
	for _, m := range ms {
		switch m.Kind {
		case "PersistentVolumeClaim":
			claims[m.Metadata.Name] = true
			continue
		case "Job":
		default:
			t.Fatalf("unexpected kind %q", m.Kind)
		}
		if m.APIVersion != "batch/v1" {
			t.Errorf("%s: apiVersion %q", m.Metadata.Name, m.APIVersion)
		}
		ps := m.Spec.Template.Spec
		if ps.RestartPolicy != "Never" && ps.RestartPolicy != "OnFailure" {
			t.Errorf("%s: restartPolicy %q is not allowed for a Job", m.Metadata.Name, ps.RestartPolicy)
		}
		for _, v := range ps.Volumes {
			if !claims[v.PersistentVolumeClaim.ClaimName] {
				t.Errorf("%s: volume claim %q is not defined", m.Metadata.Name, v.PersistentVolumeClaim.ClaimName)
			}
		}
		if len(ps.Containers) != 1 {
			t.Fatalf("%s: %d containers", m.Metadata.Name, len(ps.Containers))
		}
		c := ps.Containers[0]
		if m.Spec.CompletionMode == "" {
			// The merge job: sh -c "analyze merge ... && analyze merge ...".
			if len(c.Command) != 2 || c.Command[0] != "sh" || len(c.Args) != 1 {
				t.Fatalf("%s: expected sh -c with one script", m.Metadata.Name)
			}
			for _, part := range strings.Split(c.Args[0], "&&") {
				f := strings.Fields(part)
				if len(f) < 2 || f[0] != "analyze" || f[1] != "merge" {
					t.Fatalf("%s: %q is not an analyze merge", m.Metadata.Name, part)
				}
				merges = append(merges, f[2:])
			}
			continue
		}
		if m.Spec.CompletionMode != "Indexed" {
			t.Fatalf("%s: completionMode %q", m.Metadata.Name, m.Spec.CompletionMode)
		}
		if m.Spec.Completions == nil || m.Spec.Parallelism == nil || *m.Spec.Completions < 1 {
			t.Fatalf("%s: completions and parallelism must be set", m.Metadata.Name)
		}
		n := *m.Spec.Completions
		shards := ""
		for _, e := range c.Env {
			if e.Name == "BOARDLAB_SHARDS" {
				shards = e.Value
			}
		}
		if shards != strconv.Itoa(n) {
			t.Errorf("%s: BOARDLAB_SHARDS=%q but completions=%d", m.Metadata.Name, shards, n)
		}
		if len(c.Command) != 0 || c.Image == "" {
			t.Errorf("%s: the image's entrypoint (analyze) must run the args", m.Metadata.Name)
		}
		jobs = append(jobs, job{name: m.Metadata.Name, args: c.Args, shards: n})
	}
	if len(jobs) != 2 || len(merges) != 2 {
		t.Fatalf("want 2 sharded jobs and 2 merges, got %d and %d", len(jobs), len(merges))
	}
	for i := range jobs {
		jobs[i].merge = merges[i]
	}
	runJobs(t, jobs, func(k, n int) []string {
		return []string{"JOB_COMPLETION_INDEX=" + strconv.Itoa(k), "BOARDLAB_SHARDS=" + strconv.Itoa(n)}
	})
}

func TestSlurmScript(t *testing.T) {
	data, err := os.ReadFile("slurm.sh")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(data), "\\\n", " ")
	arrayRE := regexp.MustCompile(`--array=0-(\d+)`)
	wrapRE := regexp.MustCompile(`--wrap="([^"]*)"`)
	var jobs []job
	var merges [][]string
	for _, line := range strings.Split(text, "\n") {
		if !strings.Contains(line, "sbatch ") || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		w := wrapRE.FindStringSubmatch(line)
		if w == nil {
			t.Fatalf("sbatch without --wrap: %s", line)
		}
		cmd := strings.ReplaceAll(w[1], "$DATA", "DATA")
		if a := arrayRE.FindStringSubmatch(line); a != nil {
			last, _ := strconv.Atoi(a[1])
			f := strings.Fields(cmd)
			if f[0] != "analyze" {
				t.Fatalf("array job is not analyze: %s", cmd)
			}
			jobs = append(jobs, job{args: f[1:], shards: last + 1})
			continue
		}
		if !strings.Contains(line, "--dependency=\"afterok:$selfplay:$table\"") {
			t.Errorf("the merge must wait for both arrays: %s", line)
		}
		for _, part := range strings.Split(cmd, "&&") {
			part, _, _ = strings.Cut(part, ">")
			f := strings.Fields(part)
			if len(f) < 2 || f[0] != "analyze" || f[1] != "merge" {
				t.Fatalf("%q is not an analyze merge", part)
			}
			merges = append(merges, f[2:])
		}
	}
	if len(jobs) != 2 || len(merges) != 2 {
		t.Fatalf("want 2 array jobs and 2 merges, got %d and %d", len(jobs), len(merges))
	}
	for i := range jobs {
		jobs[i].name = jobs[i].args[0] + " " + jobs[i].args[1]
		jobs[i].merge = merges[i]
	}
	runJobs(t, jobs, func(k, n int) []string {
		return []string{"SLURM_ARRAY_TASK_ID=" + strconv.Itoa(k+1), "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_COUNT=" + strconv.Itoa(n)}
	})
}

var (
	buildOnce sync.Once
	binDir    string // removed by TestMain when the tests end
	binPath   string
	buildErr  error
)

// TestMain removes the analyze binary the tests built, so that runs leave nothing in
// the temporary directory.
func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// analyzeBin builds the analyze command once for the test binary's run.
func analyzeBin(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "boardlab-deploy-")
		if err != nil {
			buildErr = err
			return
		}
		binDir = dir
		binPath = filepath.Join(dir, "analyze")
		out, err := exec.Command("go", "build", "-o", binPath, "../cmd/analyze").CombinedOutput()
		if err != nil {
			buildErr = errors.New(string(out))
		}
	})
	if buildErr != nil {
		t.Fatalf("building analyze: %v", buildErr)
	}
	return binPath
}

// small replaces the examples' production sizes by ones a test runs in a second.
func small(args []string, dir string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		switch {
		case a == "10000000" || a == "1000000000":
			a = "1000"
		case strings.HasPrefix(a, "/data/"):
			a = filepath.Join(dir, strings.TrimPrefix(a, "/data/"))
		case strings.HasPrefix(a, "DATA/"):
			a = filepath.Join(dir, strings.TrimPrefix(a, "DATA/"))
		}
		out[i] = a
	}
	return out
}

// runJobs runs each job as its shards with the scheduler's variables, then the merge,
// and compares with the same job run whole.
func runJobs(t *testing.T, jobs []job, env func(k, n int) []string) {
	if testing.Short() {
		t.Skip("runs the examples' jobs (skipped with -short)")
	}
	bin := analyzeBin(t)
	for _, j := range jobs {
		t.Run(j.name, func(t *testing.T) {
			shardDir, wholeDir := t.TempDir(), t.TempDir()
			n := j.shards
			if n > 5 {
				n = 5 // the same code path at fewer processes
			}
			for k := 0; k < n; k++ {
				cmd := exec.Command(bin, small(j.args, shardDir)...)
				cmd.Env = append(os.Environ(), env(k, n)...)
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Run(); err != nil {
					t.Fatalf("shard %d/%d: %v\n%s", k, n, err, stderr.String())
				}
				if !strings.Contains(stderr.String(), "shard "+strconv.Itoa(k)+"/"+strconv.Itoa(n)) {
					t.Errorf("shard %d/%d does not say which shard it runs: %q", k, n, stderr.String())
				}
			}
			merged, err := exec.Command(bin, small(append([]string{"merge"}, j.merge...), shardDir)...).Output()
			if err != nil {
				t.Fatalf("merge: %v", err)
			}
			whole, err := exec.Command(bin, small(j.args, wholeDir)...).Output()
			if err != nil {
				t.Fatalf("unsharded: %v", err)
			}
			// Compare what a user reads: the report on stdout, or the merged file.
			if out := mergeOut(j.merge); out != "" {
				a, _ := os.ReadFile(filepath.Join(shardDir, filepath.Base(out)))
				b, _ := os.ReadFile(filepath.Join(wholeDir, filepath.Base(out)))
				if len(a) == 0 || !bytes.Equal(a, b) {
					t.Fatalf("merged %s (%d bytes) differs from the unsharded one (%d bytes)", out, len(a), len(b))
				}
				return
			}
			if len(merged) == 0 || !bytes.Equal(merged, whole) {
				t.Fatalf("merged report:\n%s\nunsharded report:\n%s", merged, whole)
			}
		})
	}
}

// mergeOut returns the --out file of merge arguments, or "".
func mergeOut(args []string) string {
	for i, a := range args {
		if (a == "--out" || a == "-o") && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}
