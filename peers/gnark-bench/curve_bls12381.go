package main

// BLS12-381's primitives. curve_bn254.go and curve_bls24317.go are this file
// with the package names changed (gen-curves.sh regenerates them).

import (
	"math/rand/v2"
	"runtime"

	"github.com/consensys/gnark-crypto/ecc"
	curvepkg "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

var bls12381Curve = curve{
	name: "bls12-381",
	msmG1: func(rng *rand.Rand, n int) func() {
		_, _, g1, _ := curvepkg.Generators()
		var p, q curvepkg.G1Jac
		p.FromAffine(new(curvepkg.G1Affine).ScalarMultiplication(&g1, randBig(rng)))
		q.FromAffine(new(curvepkg.G1Affine).ScalarMultiplication(&g1, randBig(rng)))
		jac := make([]curvepkg.G1Jac, n)
		for i := range jac {
			jac[i] = p
			p.AddAssign(&q)
		}
		bases := curvepkg.BatchJacobianToAffineG1(jac)
		s := scalars[fr.Element](rng, n)
		return func() {
			var acc curvepkg.G1Jac
			must(acc.MultiExp(bases, s, ecc.MultiExpConfig{NbTasks: msmTasks}))
		}
	},
	msmG2: func(rng *rand.Rand, n int) func() {
		_, _, _, g2 := curvepkg.Generators()
		var p, q curvepkg.G2Jac
		p.FromAffine(new(curvepkg.G2Affine).ScalarMultiplication(&g2, randBig(rng)))
		q.FromAffine(new(curvepkg.G2Affine).ScalarMultiplication(&g2, randBig(rng)))
		bases := make([]curvepkg.G2Affine, n)
		for i := range bases {
			bases[i].FromJacobian(&p)
			p.AddAssign(&q)
		}
		s := scalars[fr.Element](rng, n)
		return func() {
			var acc curvepkg.G2Jac
			must(acc.MultiExp(bases, s, ecc.MultiExpConfig{NbTasks: msmTasks}))
		}
	},
	pairing: func(rng *rand.Rand) map[string]func() {
		_, _, g1, g2 := curvepkg.Generators()
		ps := make([]curvepkg.G1Affine, 4)
		qs := make([]curvepkg.G2Affine, 4)
		for i := range ps {
			ps[i].ScalarMultiplication(&g1, randBig(rng))
			qs[i].ScalarMultiplication(&g2, randBig(rng))
		}
		f := must(curvepkg.MillerLoop(ps[:1], qs[:1]))
		lines := sliceOf(curvepkg.PrecomputeLines(qs[0]), curvepkg.PrecomputeLines(qs[1]))
		// the *_distinct ids: each call takes the next inputs of a pool of
		// distinctInputs (P, Q) pairs, 4 per call at most, and Miller loop values
		dp := make([]curvepkg.G1Affine, distinctInputs+4)
		dq := make([]curvepkg.G2Affine, distinctInputs+4)
		for i := range dp {
			dp[i].ScalarMultiplication(&g1, randBig(rng))
			dq[i].ScalarMultiplication(&g2, randBig(rng))
		}
		df := make([]curvepkg.GT, distinctInputs)
		for i := range df {
			df[i] = must(curvepkg.MillerLoop(dp[i:i+1], dq[i:i+1]))
		}
		next := cycle()
		return map[string]func(){
			"pairing":              func() { must(curvepkg.Pair(ps[:1], qs[:1])) },
			"miller_loop":          func() { must(curvepkg.MillerLoop(ps[:1], qs[:1])) },
			"final_exponentiation": func() { curvepkg.FinalExponentiation(&f) },
			"2_pairs":              func() { must(curvepkg.Pair(ps[:2], qs[:2])) },
			"4_pairs":              func() { must(curvepkg.Pair(ps, qs)) },
			"2_pairs_prepared_g2":  func() { must(curvepkg.PairFixedQ(ps[:2], lines)) },
			"pairing_distinct":     func() { i := next(); must(curvepkg.Pair(dp[i:i+1], dq[i:i+1])) },
			"miller_loop_distinct": func() {
				i := next()
				must(curvepkg.MillerLoop(dp[i:i+1], dq[i:i+1]))
			},
			"final_exponentiation_distinct": func() { curvepkg.FinalExponentiation(&df[next()]) },
			"2_pairs_distinct":              func() { i := next(); must(curvepkg.Pair(dp[i:i+2], dq[i:i+2])) },
			"4_pairs_distinct":              func() { i := next(); must(curvepkg.Pair(dp[i:i+4], dq[i:i+4])) },
			"2_pairs_prepared_g2_distinct": func() {
				i := next()
				must(curvepkg.PairFixedQ(dp[i:i+2], lines))
			},
		}
	},
	field: func(rng *rand.Rand) map[string]func() {
		_, _, g1, g2 := curvepkg.Generators()
		var p curvepkg.G1Affine
		var q curvepkg.G2Affine
		p.ScalarMultiplication(&g1, randBig(rng))
		q.ScalarMultiplication(&g2, randBig(rng))
		t := must(curvepkg.Pair([]curvepkg.G1Affine{p}, []curvepkg.G2Affine{g2}))
		u := must(curvepkg.Pair([]curvepkg.G1Affine{g1}, []curvepkg.G2Affine{q}))
		// 1000 dependent multiplications per timed call
		return map[string]func(){
			"fp_mul_1000": func() {
				a := p.X
				for i := 0; i < 1000; i++ {
					a.Mul(&a, &p.Y)
				}
				runtime.KeepAlive(a)
			},
			"g2_field_mul_1000": func() {
				a := q.X
				for i := 0; i < 1000; i++ {
					a.Mul(&a, &q.Y)
				}
				runtime.KeepAlive(a)
			},
			"gt_mul_1000": func() {
				a := t
				for i := 0; i < 1000; i++ {
					a.Mul(&a, &u)
				}
				runtime.KeepAlive(a)
			},
		}
	},
}
