"""Plain-Python arithmetic for the BLS24 tower and short Weierstrass curves.

Used by derive_constants.py. No third-party packages: Python big integers only.
Tower (same as gnark-crypto and the vidkit crate):
    Fp2  = Fp[u]/(u^2 - NR2)        NR2 = -1 for BLS24-317
    Fp4  = Fp2[v]/(v^2 - NR4)       NR4 = 1 + u
    Fp12 = Fp4[w]/(w^3 - v)
    Fp24 = Fp12[i]/(i^2 - w)
"""


class Fp:
    """The prime field, elements are Python ints in [0, p)."""

    def __init__(self, p):
        self.p = p
        self.degree = 1

    def zero(self):
        return 0

    def one(self):
        return 1

    def add(self, a, b):
        return (a + b) % self.p

    def sub(self, a, b):
        return (a - b) % self.p

    def neg(self, a):
        return (-a) % self.p

    def mul(self, a, b):
        return (a * b) % self.p

    def inv(self, a):
        return pow(a, -1, self.p)

    def frob(self, a):
        return a

    def is_zero(self, a):
        return a % self.p == 0

    def flat(self, a):
        return [a]

    def from_int(self, n):
        return n % self.p


class Ext:
    """base[X]/(X^n - nonresidue), elements are tuples of n base elements."""

    def __init__(self, base, n, nonresidue):
        self.base = base
        self.n = n
        self.nr = nonresidue
        self.p = base.p
        self.degree = base.degree * n

    def zero(self):
        return tuple(self.base.zero() for _ in range(self.n))

    def one(self):
        return (self.base.one(),) + tuple(self.base.zero() for _ in range(self.n - 1))

    def gen(self):
        """The element X."""
        return tuple(self.base.one() if k == 1 else self.base.zero() for k in range(self.n))

    def from_base(self, b):
        return (b,) + tuple(self.base.zero() for _ in range(self.n - 1))

    def from_int(self, n):
        return self.from_base(self.base.from_int(n))

    def add(self, a, b):
        return tuple(self.base.add(x, y) for x, y in zip(a, b))

    def sub(self, a, b):
        return tuple(self.base.sub(x, y) for x, y in zip(a, b))

    def neg(self, a):
        return tuple(self.base.neg(x) for x in a)

    def is_zero(self, a):
        return all(self.base.is_zero(x) for x in a)

    def mul(self, a, b):
        B = self.base
        acc = [B.zero() for _ in range(2 * self.n - 1)]
        for s, x in enumerate(a):
            for t, y in enumerate(b):
                acc[s + t] = B.add(acc[s + t], B.mul(x, y))
        for k in range(2 * self.n - 2, self.n - 1, -1):
            acc[k - self.n] = B.add(acc[k - self.n], B.mul(acc[k], self.nr))
        return tuple(acc[: self.n])

    def pow(self, a, e):
        assert e >= 0
        r = self.one()
        for bit in bin(e)[2:]:
            r = self.mul(r, r)
            if bit == "1":
                r = self.mul(r, a)
        return r

    def inv(self, a):
        if self.n == 2:
            # (a0 + a1 X)^-1 = (a0 - a1 X) / (a0^2 - nr a1^2)
            B = self.base
            norm = B.sub(B.mul(a[0], a[0]), B.mul(self.nr, B.mul(a[1], a[1])))
            ninv = B.inv(norm)
            return (B.mul(a[0], ninv), B.neg(B.mul(a[1], ninv)))
        # a^(q - 2) with q = p^degree: slow but simple and obviously right.
        return self.pow(a, self.p ** self.degree - 2)

    def flat(self, a):
        out = []
        for x in a:
            out.extend(self.base.flat(x))
        return out


def pow_generic(F, a, e):
    if isinstance(F, Fp):
        return pow(a, e, F.p)
    return F.pow(a, e)


def inv_generic(F, a):
    return F.inv(a)


class Curve:
    """y^2 = x^3 + b over the field F; points are (x, y) or None (infinity)."""

    def __init__(self, F, b):
        self.F = F
        self.b = b

    def on_curve(self, P):
        if P is None:
            return True
        F = self.F
        x, y = P
        return F.sub(F.mul(y, y), F.add(F.mul(F.mul(x, x), x), self.b)) == F.zero()

    def neg(self, P):
        return None if P is None else (P[0], self.F.neg(P[1]))

    def add(self, P, Q):
        F = self.F
        if P is None:
            return Q
        if Q is None:
            return P
        if P[0] == Q[0]:
            if F.add(P[1], Q[1]) == F.zero():
                return None
            three_x2 = F.mul(F.from_int(3), F.mul(P[0], P[0]))
            lam = F.mul(three_x2, F.inv(F.add(P[1], P[1])))
        else:
            lam = F.mul(F.sub(Q[1], P[1]), F.inv(F.sub(Q[0], P[0])))
        x3 = F.sub(F.sub(F.mul(lam, lam), P[0]), Q[0])
        y3 = F.sub(F.mul(lam, F.sub(P[0], x3)), P[1])
        return (x3, y3)

    def mul(self, P, k):
        if k < 0:
            return self.mul(self.neg(P), -k)
        R = None
        for bit in bin(k)[2:]:
            R = self.add(R, R)
            if bit == "1":
                R = self.add(R, P)
        return R
