package tune

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"unsafe"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/internal/memlimit"
)

// A NetSample is one training position for the network: its inputs, its label (the
// expected result for the side to move, 0..1) and the game's result alone.
type NetSample struct {
	in     search.NetInput
	Label  float32
	Result float32
}

// NetSamples returns the positions of the games after skip plies. Each label blends
// the game's result (weight blend) with sigmoid(score/k) of the search score recorded
// for the position (TrainingGame.Scores); a position without a score gets the result.
// The linear evaluation's input uses the embedded weights (DefaultLinear).
func NetSamples(games []TrainingGame, skip int, k, blend float64) []NetSample {
	var out []NetSample
	for _, g := range games {
		p := uttt.Start()
		for i, m := range g.Moves {
			if i >= skip && p.Status() == uttt.Ongoing {
				r := resultFor(g.Result, p.Side())
				y := r
				if i < len(g.Scores) && g.Scores[i] != NoScore {
					y = blend*r + (1-blend)*search.Expected(float64(g.Scores[i]), k)
				}
				out = append(out, NetSample{in: search.NetInputOf(&p), Label: float32(y), Result: float32(r)})
			}
			p = p.Play(m)
		}
	}
	return out
}

// NetTrainConfig sets the training.
type NetTrainConfig struct {
	Epochs int
	Batch  int
	LR     float64 // Adam's step size
	K      float64 // the score's logistic scale (the linear evaluation's fitted k)
	Seed   uint64
	Jobs   int // goroutines computing gradients
	// EmbedLR scales the step size of the board-state embeddings E; 0 keeps them at
	// zero (fixed board features only).
	EmbedLR float64
	// Decay is the decoupled weight decay (AdamW) of the weights, per step and unit of
	// step size.
	Decay float64
}

// NetMetrics are a network's (or the linear evaluation's) errors on samples.
type NetMetrics struct {
	LogLoss   float64 // cross-entropy against the labels
	MSE       float64 // squared error against the labels
	ResultMSE float64 // squared error against the game results alone
}

func (m NetMetrics) String() string {
	return fmt.Sprintf("log-loss %.6f, mse %.6f, result mse %.6f", m.LogLoss, m.MSE, m.ResultMSE)
}

func metricsOf(samples []NetSample, pred func(*NetSample) float64) NetMetrics {
	var m NetMetrics
	for i := range samples {
		s := &samples[i]
		p := min(max(pred(s), 1e-7), 1-1e-7)
		y := float64(s.Label)
		m.LogLoss -= y*math.Log(p) + (1-y)*math.Log(1-p)
		m.MSE += (p - y) * (p - y)
		r := float64(s.Result)
		m.ResultMSE += (p - r) * (p - r)
	}
	n := float64(max(len(samples), 1))
	m.LogLoss, m.MSE, m.ResultMSE = m.LogLoss/n, m.MSE/n, m.ResultMSE/n
	return m
}

// LinearMetrics returns the linear evaluation's errors on samples with scale k.
func LinearMetrics(samples []NetSample, k float64) NetMetrics {
	return metricsOf(samples, func(s *NetSample) float64 { return search.Expected(float64(s.in.Linear()), k) })
}

// FloatMetrics returns the float network's errors on samples.
func FloatMetrics(n *search.FloatNet, samples []NetSample) NetMetrics {
	return metricsOf(samples, func(s *NetSample) float64 { return search.Expected(n.Forward(&s.in), float64(n.K)) })
}

// QuantizedMetrics returns the errors on samples of n quantised for the search.
func QuantizedMetrics(n *search.FloatNet, samples []NetSample) NetMetrics {
	q := search.NewNetwork(n)
	return metricsOf(samples, func(s *NetSample) float64 {
		return search.Expected(float64(q.EvaluateInput(&s.in)), float64(n.K))
	})
}

// trainJobs is TrainNet's number of gradient goroutines: cfg.Jobs, never more than
// cfg.Batch (the others would be idle), at least 1.
func trainJobs(cfg NetTrainConfig) int { return max(1, min(cfg.Jobs, cfg.Batch)) }

// CheckTrainMemory returns an error saying how much when training with cfg (cfg.Jobs
// one per core when 0, as TrainNetwork takes it) would take more than half the memory
// this process may use: a network of gradients per goroutine, besides the network, the
// best one and Adam's two moments.
func CheckTrainMemory(cfg NetTrainConfig) error {
	if cfg.Jobs <= 0 {
		cfg.Jobs = runtime.GOMAXPROCS(0)
	}
	j := trainJobs(cfg)
	return memlimit.CheckAlloc(fmt.Sprintf("training on %d goroutines", j), int64(j+4)*int64(unsafe.Sizeof(search.FloatNet{})), 0.5)
}

// TrainNet trains a network from start (search.RandomFloatNet if nil) on train with Adam, minibatches
// in a random order each epoch, and returns the network of the epoch with the lowest
// log-loss on test. log, if set, gets a line per epoch.
func TrainNet(ctx context.Context, train, test []NetSample, start *search.FloatNet, cfg NetTrainConfig, log func(string)) (*search.FloatNet, error) {
	n := start
	if n == nil {
		n = search.RandomFloatNet(cfg.K, cfg.Seed)
		if cfg.EmbedLR == 0 {
			n.E = [len(n.E)][search.NetEmbed]float32{}
		}
	}
	jobs := trainJobs(cfg)
	batch := max(cfg.Batch, jobs)
	grads := make([]*search.FloatNet, jobs)
	for i := range grads {
		grads[i] = new(search.FloatNet)
	}
	m, v := new(search.FloatNet), new(search.FloatNet) // Adam's moments
	var mC, vC, mA, vA float64
	eStep := make([]int, len(n.E)) // per E row: the Adam step it was last updated at
	const b1, b2, eps = 0.9, 0.999, 1e-8
	lr := cfg.LR
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x747261696e))
	order := make([]int, len(train))
	for i := range order {
		order[i] = i
	}
	best, bestLoss := *n, FloatMetrics(n, test).LogLoss
	if log != nil {
		log(fmt.Sprintf("epoch 0: held-out %s", FloatMetrics(n, test)))
	}
	step := 0
	touched := make([]bool, len(n.E))
	var rows []uint16
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		var trainLoss float64
		for lo := 0; lo < len(order); lo += batch {
			if err := ctx.Err(); err != nil {
				return &best, err
			}
			hi := min(lo+batch, len(order))
			idx := order[lo:hi]
			losses := make([]float64, jobs)
			var wg sync.WaitGroup
			for w := 0; w < jobs; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := w; i < len(idx); i += jobs {
						losses[w] += netGradient(n, &train[idx[i]].in, train[idx[i]].Label, grads[w])
					}
				}()
			}
			wg.Wait()
			rows = rows[:0]
			for _, i := range idx {
				for b := 0; b < 9; b++ {
					if st := train[i].in.Board(b); !touched[st] {
						touched[st] = true
						rows = append(rows, st)
					}
				}
			}
			for w := 1; w < jobs; w++ {
				trainLoss += losses[w]
				g, g0 := grads[w], grads[0]
				g0.C += g.C
				g0.A += g.A
				gd, g0d := netParams(g), netParams(g0)
				for k := range gd {
					for j := range gd[k] {
						g0d[k][j] += gd[k][j]
						gd[k][j] = 0
					}
				}
				for _, st := range rows {
					for e := range g.E[st] {
						g0.E[st][e] += g.E[st][e]
						g.E[st][e] = 0
					}
				}
				g.C, g.A = 0, 0
			}
			trainLoss += losses[0]
			step++
			scale := 1 / float64(len(idx))
			c1, c2 := 1-math.Pow(b1, float64(step)), 1-math.Pow(b2, float64(step))
			adam := func(p, g, m1, v1 *float32, lr float64) {
				gr := float64(*g) * scale
				*g = 0
				mm := b1*float64(*m1) + (1-b1)*gr
				vv := b2*float64(*v1) + (1-b2)*gr*gr
				*m1, *v1 = float32(mm), float32(vv)
				*p -= float32(lr*(mm/c1)/(math.Sqrt(vv/c2)+eps) + lr*cfg.Decay*float64(*p))
			}
			g := grads[0]
			nd, gd, md, vd := netParams(n), netParams(g), netParams(m), netParams(v)
			for k := range nd {
				for j := range nd[k] {
					adam(&nd[k][j], &gd[k][j], &md[k][j], &vd[k][j], lr)
				}
			}
			for _, st := range rows {
				touched[st] = false
				if cfg.EmbedLR == 0 {
					g.E[st] = [search.NetEmbed]float32{}
					continue
				}
				// Lazy Adam for the sparse rows: the moments decay over the steps missed.
				missed := float64(step - eStep[st] - 1)
				eStep[st] = step
				for e := range n.E[st] {
					m.E[st][e] *= float32(math.Pow(b1, missed))
					v.E[st][e] *= float32(math.Pow(b2, missed))
					adam(&n.E[st][e], &g.E[st][e], &m.E[st][e], &v.E[st][e], lr*cfg.EmbedLR)
				}
			}
			{
				gr := float64(g.C) * scale
				mC, vC = b1*mC+(1-b1)*gr, b2*vC+(1-b2)*gr*gr
				n.C -= float32(lr * (mC / c1) / (math.Sqrt(vC/c2) + eps))
				gr = float64(g.A) * scale
				mA, vA = b1*mA+(1-b1)*gr, b2*vA+(1-b2)*gr*gr
				n.A -= float32(lr * (mA / c1) / (math.Sqrt(vA/c2) + eps))
				g.C, g.A = 0, 0
			}
		}
		held := FloatMetrics(n, test)
		if log != nil {
			log(fmt.Sprintf("epoch %d: training log-loss %.6f; held-out %s", epoch, trainLoss/float64(len(train)), held))
		}
		if held.LogLoss < bestLoss {
			best, bestLoss = *n, held.LogLoss
		}
		if epoch == cfg.Epochs*2/3 {
			lr /= 3
		}
	}
	return &best, nil
}
