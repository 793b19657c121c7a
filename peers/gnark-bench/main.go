// Command gnark-bench times gnark-crypto v0.22.0 beside vidkit's
// BLS24-317 crate: a G1 MSM of 2^16 points and a single pairing, on
// BLS24-317 and BLS12-381, single-threaded (run with GOMAXPROCS=1; the MSM
// also uses NbTasks = 1).
//
//	cd peers/gnark-bench && GOMAXPROCS=1 go run . [-log 16] [-runs 5]
//
// Each figure is the median of -runs timed repetitions after one warm-up.
package main

import (
	"flag"
	"fmt"
	"runtime"
	"sort"
	"time"

	"github.com/consensys/gnark-crypto/ecc"
	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	fr381 "github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
	bls24317 "github.com/consensys/gnark-crypto/ecc/bls24-317"
	fr317 "github.com/consensys/gnark-crypto/ecc/bls24-317/fr"
)

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

func ms(d time.Duration) string { return fmt.Sprintf("%.3f ms", float64(d.Nanoseconds())/1e6) }

func bls24(n, runs, pairRuns int) {
	_, _, g1, g2 := bls24317.Generators()
	scalars := make([]fr317.Element, n)
	for i := range scalars {
		scalars[i].MustSetRandom()
	}
	points := bls24317.BatchScalarMultiplicationG1(&g1, scalars)
	for i := range scalars {
		scalars[i].MustSetRandom()
	}
	cfg := ecc.MultiExpConfig{NbTasks: 1}
	var acc bls24317.G1Jac
	msm := median(runs, func() {
		if _, err := acc.MultiExp(points, scalars, cfg); err != nil {
			panic(err)
		}
	})
	p := []bls24317.G1Affine{points[0]}
	q := []bls24317.G2Affine{g2}
	pair := median(pairRuns, func() {
		if _, err := bls24317.Pair(p, q); err != nil {
			panic(err)
		}
	})
	fmt.Printf("bls24-317/msm_g1/%d: %s\nbls24-317/pairing: %s\n", n, ms(msm), ms(pair))
}

func bls12(n, runs, pairRuns int) {
	_, _, g1, g2 := bls12381.Generators()
	scalars := make([]fr381.Element, n)
	for i := range scalars {
		scalars[i].MustSetRandom()
	}
	points := bls12381.BatchScalarMultiplicationG1(&g1, scalars)
	for i := range scalars {
		scalars[i].MustSetRandom()
	}
	cfg := ecc.MultiExpConfig{NbTasks: 1}
	var acc bls12381.G1Jac
	msm := median(runs, func() {
		if _, err := acc.MultiExp(points, scalars, cfg); err != nil {
			panic(err)
		}
	})
	p := []bls12381.G1Affine{points[0]}
	q := []bls12381.G2Affine{g2}
	pair := median(pairRuns, func() {
		if _, err := bls12381.Pair(p, q); err != nil {
			panic(err)
		}
	})
	fmt.Printf("bls12-381/msm_g1/%d: %s\nbls12-381/pairing: %s\n", n, ms(msm), ms(pair))
}

func main() {
	logN := flag.Int("log", 16, "log2 of the MSM size")
	runs := flag.Int("runs", 5, "timed MSM repetitions (median reported)")
	pairRuns := flag.Int("pair-runs", 101, "timed pairing repetitions (median reported)")
	flag.Parse()
	fmt.Printf("gnark-crypto v0.22.0, GOMAXPROCS=%d\n", runtime.GOMAXPROCS(0))
	bls24(1<<*logN, *runs, *pairRuns)
	bls12(1<<*logN, *runs, *pairRuns)
}
