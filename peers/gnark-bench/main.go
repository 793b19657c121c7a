// Command gnark-bench times gnark-crypto v0.22.0's primitives beside
// vidkit's criterion bench `cargo bench -p vidkit-bls24-317 --bench curves`,
// on BLS12-381, BN254 and BLS24-317, single-threaded: run it with
// GOMAXPROCS=1 (it warns otherwise); the MSMs also use NbTasks = 1.
// With -tasks T the MSMs use NbTasks = T instead (run with GOMAXPROCS=T),
// for thread scaling; the pairings stay single-threaded.
//
//	cd peers/gnark-bench && GOMAXPROCS=1 go run . \
//	    [-tasks 1] [-curves bls12-381,bn254,bls24-317] \
//	    [-groups msm_g1,msm_g2,pairing,multi_pairing,field] \
//	    [-min-log 8] [-max-log 20] [-g2-max-log 16] [-runs 5] [-pair-runs 101]
//
// Output: one line per figure, `curve/group/id: X ms`, where curve/group/id
// is the criterion bench id of the same figure on the vidkit side:
//
//	{curve}/msm_g1/2^s      G1 MSM of 2^s points, s = min-log, min-log+2, ..., max-log
//	{curve}/msm_g2/2^s      G2 MSM, s = min-log, min-log+2, ..., g2-max-log
//	{curve}/pairing/pairing               e(P, Q)
//	{curve}/pairing/miller_loop           Miller loop of one pair
//	{curve}/pairing/final_exponentiation  final exponentiation of a Miller loop value
//	{curve}/multi_pairing/2_pairs         e(P1, Q1)·e(P2, Q2) (one shared final exponentiation)
//	{curve}/multi_pairing/4_pairs         four pairs
//	{curve}/multi_pairing/2_pairs_prepared_g2  two pairs with the G2 lines precomputed
//	{curve}/{pairing,multi_pairing}/ID_distinct  ID, each call on the next inputs of a
//	                                  pool of 64 (the G2 lines of 2_pairs_prepared_g2
//	                                  stay those of two fixed points)
//	{curve}/field/fp_mul_1000        1000 dependent multiplications in F_p (G1's coordinates)
//	{curve}/field/g2_field_mul_1000  the same in G2's coordinate field (F_p^2; F_p^4 on BLS24-317)
//	{curve}/field/gt_mul_1000        the same in the pairing's target field (F_p^12; F_p^24)
//
// Each figure is the median of -runs (MSMs) or -pair-runs (pairing and field groups)
// timed repetitions after one untimed warm-up. Inputs are pseudo-random from
// a fixed seed (-seed): scalars uniform modulo r, points s_i·G for random s_i
// (MSM bases: P + i·Q, built with additions; all distinct).
package main

import (
	"flag"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"
)

// Primitives of one curve; the timed closures run on inputs built beforehand.
// msmTasks is NbTasks of every MSM (the -tasks flag).
var msmTasks = 1

type curve struct {
	name string
	// msmG1 builds bases and scalars of size n and returns the timed MSM.
	msmG1 func(rng *rand.Rand, n int) func()
	// msmG2 is msmG1 in G2.
	msmG2 func(rng *rand.Rand, n int) func()
	// pairing returns the timed operations of the pairing and multi_pairing
	// groups, keyed by bench id, on random points.
	pairing func(rng *rand.Rand) map[string]func()
	// field returns the timed operations of the field group, keyed by bench id.
	field func(rng *rand.Rand) map[string]func()
}

// group names and the ids each prints, in order.
var pairingIDs = []string{"pairing", "miller_loop", "final_exponentiation",
	"pairing_distinct", "miller_loop_distinct", "final_exponentiation_distinct"}
var multiPairingIDs = []string{"2_pairs", "4_pairs", "2_pairs_prepared_g2",
	"2_pairs_distinct", "4_pairs_distinct", "2_pairs_prepared_g2_distinct"}

// distinctInputs is the size of the input pool of the *_distinct ids.
// Timed again and again on one input, code whose branches depend on the
// data runs as if they were always predicted (the branch predictor learns
// the whole sequence of one call); a verifier never sees one input twice.
// From about 8 inputs on, the *_distinct times stop changing.
const distinctInputs = 64

// cycle returns a counter that runs through 0, 1, ..., distinctInputs-1 and
// starts again.
func cycle() func() int {
	i := -1
	return func() int {
		i = (i + 1) % distinctInputs
		return i
	}
}

var fieldIDs = []string{"fp_mul_1000", "g2_field_mul_1000", "gt_mul_1000"}

func median(runs int, f func()) time.Duration {
	f() // warm-up
	ds := make([]time.Duration, runs)
	for i := range ds {
		t := time.Now()
		f()
		ds[i] = time.Since(t)
	}
	sort.Slice(ds, func(a, b int) bool { return ds[a] < ds[b] })
	return ds[runs/2]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.4f ms", float64(d.Nanoseconds())/1e6) }

// randBytes returns 64 pseudo-random bytes: reduced modulo r (< 2^256) or
// used as a big integer they give a scalar with negligible bias.
func randBytes(rng *rand.Rand) []byte {
	b := make([]byte, 64)
	for i := 0; i < len(b); i += 8 {
		v := rng.Uint64()
		for j := 0; j < 8; j++ {
			b[i+j] = byte(v >> (8 * j))
		}
	}
	return b
}

// randBig is a pseudo-random 512-bit integer (a scalar before reduction).
func randBig(rng *rand.Rand) *big.Int { return new(big.Int).SetBytes(randBytes(rng)) }

// scalars returns n field elements from rng; E is a gnark fr.Element.
func scalars[E any, PE interface {
	*E
	SetBytes([]byte) *E
}](rng *rand.Rand, n int) []E {
	s := make([]E, n)
	for i := range s {
		PE(&s[i]).SetBytes(randBytes(rng))
	}
	return s
}

func main() {
	curves := flag.String("curves", "bls12-381,bn254,bls24-317", "comma-separated curves")
	groups := flag.String("groups", "msm_g1,msm_g2,pairing,multi_pairing,field", "comma-separated bench groups")
	minLog := flag.Int("min-log", 8, "log2 of the smallest MSM")
	maxLog := flag.Int("max-log", 20, "log2 of the largest G1 MSM")
	g2MaxLog := flag.Int("g2-max-log", 16, "log2 of the largest G2 MSM")
	runs := flag.Int("runs", 5, "timed repetitions of each MSM (median reported)")
	pairRuns := flag.Int("pair-runs", 101, "timed repetitions of each pairing operation (median reported)")
	seed := flag.Uint64("seed", 2024, "seed of the pseudo-random inputs")
	flag.IntVar(&msmTasks, "tasks", 1, "NbTasks of the MSMs (run with GOMAXPROCS equal to it)")
	flag.Parse()
	if msmTasks < 1 {
		fmt.Fprintln(os.Stderr, "-tasks must be at least 1")
		os.Exit(2)
	}

	all := map[string]curve{"bls12-381": bls12381Curve, "bn254": bn254Curve, "bls24-317": bls24317Curve}
	want := map[string]bool{}
	for _, g := range strings.Split(*groups, ",") {
		switch g {
		case "msm_g1", "msm_g2", "pairing", "multi_pairing", "field":
			want[g] = true
		default:
			fmt.Fprintf(os.Stderr, "unknown group %q\n", g)
			os.Exit(2)
		}
	}
	if runtime.GOMAXPROCS(0) != msmTasks {
		fmt.Fprintf(os.Stderr, "warning: GOMAXPROCS is not %d (-tasks); the figures do not use the threads asked for\n", msmTasks)
	}
	fmt.Printf("gnark-crypto v0.22.0, %s, GOMAXPROCS=%d, NbTasks=%d\n", runtime.Version(), runtime.GOMAXPROCS(0), msmTasks)
	for _, name := range strings.Split(*curves, ",") {
		c, ok := all[name]
		if !ok {
			fmt.Fprintf(os.Stderr, "unknown curve %q\n", name)
			os.Exit(2)
		}
		// one stream per (curve, group): a group's inputs do not depend on
		// which other groups run
		stream := func(g uint64) *rand.Rand {
			var key [32]byte
			copy(key[:], name)
			key[31] = byte(g)
			key[30] = byte(*seed)
			key[29] = byte(*seed >> 8)
			return rand.New(rand.NewChaCha8(key))
		}
		for _, g := range []struct {
			group string
			max   int
			build func(*rand.Rand, int) func()
		}{{"msm_g1", *maxLog, c.msmG1}, {"msm_g2", *g2MaxLog, c.msmG2}} {
			if !want[g.group] {
				continue
			}
			rng := stream(map[string]uint64{"msm_g1": 1, "msm_g2": 2}[g.group])
			for s := *minLog; s <= g.max; s += 2 {
				f := g.build(rng, 1<<s)
				fmt.Printf("%s/%s/2^%d: %s\n", name, g.group, s, ms(median(*runs, f)))
			}
		}
		if want["pairing"] || want["multi_pairing"] {
			ops := c.pairing(stream(3))
			for _, g := range []struct {
				group string
				ids   []string
			}{{"pairing", pairingIDs}, {"multi_pairing", multiPairingIDs}} {
				if !want[g.group] {
					continue
				}
				for _, id := range g.ids {
					fmt.Printf("%s/%s/%s: %s\n", name, g.group, id, ms(median(*pairRuns, ops[id])))
				}
			}
		}
		if want["field"] {
			ops := c.field(stream(4))
			for _, id := range fieldIDs {
				fmt.Printf("%s/field/%s: %s\n", name, id, ms(median(*pairRuns, ops[id])))
			}
		}
	}
}

// sliceOf is its arguments as a slice (of a type that differs by curve).
func sliceOf[T any](xs ...T) []T { return xs }

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
