//! The double-width product and Montgomery's reduction of four-limb
//! integers in x86-64 assembly (BMI2 and ADX), for [`crate::QuadModulus`]
//! over BN254's base field ([`crate::QuarticModulus`] keeps the portable
//! code).
//!
//! The portable code of module `fp2` compiles to `MUL` and one `ADC` carry
//! chain per row, with the partial products spilled to the stack: about 900
//! instructions for one `F_{p^2}` product. Here each row of the product
//! `a·b` adds the low halves of `a_i·b_j` on the `ADOX` chain and the high
//! halves on the `ADCX` chain (`MULX` leaves the flags alone), all eight
//! limbs in registers; the reduction does the same with `m·p`, one row
//! per limb. [`QuadModulus`](crate::QuadModulus) takes these paths where
//! [`crate::available`] finds the instructions, and the results are the
//! portable code's limb for limb (the tests of module `fp2` run through
//! them on such CPUs, and one test compares the two paths directly).

/// One row of the product: `T += a_i·b·2^{64i}`, with `T`'s limbs `i` to
/// `i + 4` in the named registers (the top one zero on entry); `rsi` points
/// to `a`, `rdi` to `b`.
macro_rules! product_row {
    ($a_i:literal, $t0:literal, $t1:literal, $t2:literal, $t3:literal, $t4:literal) => {
        concat!(
            "xor ",
            $t4,
            ", ",
            $t4,
            "\n",
            "mov rdx, qword ptr [rsi + ",
            $a_i,
            "]\n",
            "xor eax, eax\n",
            "mulx rcx, rax, qword ptr [rdi]\n",
            "adox ",
            $t0,
            ", rax\n",
            "adcx ",
            $t1,
            ", rcx\n",
            "mulx rcx, rax, qword ptr [rdi + 8]\n",
            "adox ",
            $t1,
            ", rax\n",
            "adcx ",
            $t2,
            ", rcx\n",
            "mulx rcx, rax, qword ptr [rdi + 16]\n",
            "adox ",
            $t2,
            ", rax\n",
            "adcx ",
            $t3,
            ", rcx\n",
            "mulx rcx, rax, qword ptr [rdi + 24]\n",
            "adox ",
            $t3,
            ", rax\n",
            "adcx ",
            $t4,
            ", rcx\n",
            "mov eax, 0\n",
            "adox ",
            $t4,
            ", rax\n",
        )
    };
}

/// `a·b` as eight limbs, least significant first.
///
/// # Safety
///
/// The CPU must have BMI2 and ADX.
#[inline(always)]
pub(crate) unsafe fn wide(a: &[u64; 4], b: &[u64; 4]) -> [u64; 8] {
    let (t0, t1, t2, t3, t4, t5, t6, t7): (u64, u64, u64, u64, u64, u64, u64, u64);
    // SAFETY: the caller guarantees the instructions exist; the assembly
    // reads four limbs at `a` and at `b`, both borrowed for the call,
    // writes only the registers it declares and leaves the stack alone.
    unsafe {
        core::arch::asm!(
            "xor r8d, r8d",
            "xor r9d, r9d",
            "xor r10d, r10d",
            "xor r11d, r11d",
            product_row!("0", "r8", "r9", "r10", "r11", "r12"),
            product_row!("8", "r9", "r10", "r11", "r12", "r13"),
            product_row!("16", "r10", "r11", "r12", "r13", "r14"),
            product_row!("24", "r11", "r12", "r13", "r14", "r15"),
            in("rsi") a.as_ptr(),
            in("rdi") b.as_ptr(),
            out("rax") _,
            out("rcx") _,
            out("rdx") _,
            out("r8") t0,
            out("r9") t1,
            out("r10") t2,
            out("r11") t3,
            out("r12") t4,
            out("r13") t5,
            out("r14") t6,
            out("r15") t7,
            options(pure, readonly, nostack),
        );
    }
    [t0, t1, t2, t3, t4, t5, t6, t7]
}

/// One round of the reduction: `m = T_i·(−p^{−1}) mod 2^64`,
/// `T += m·p·2^{64i}` (which clears limb `i`), the two carries out of limb
/// `i + 4` carried up through the named higher limbs (`rax` is zero
/// there); `rsi` points to `p` and `−p^{−1}` after it.
macro_rules! reduce_row {
    ($t0:literal, $t1:literal, $t2:literal, $t3:literal, $t4:literal $(, $up:literal)*) => {
        concat!(
            "mov rdx, ", $t0, "\n",
            "imul rdx, qword ptr [rsi + 32]\n",
            "xor eax, eax\n",
            "mulx rcx, rax, qword ptr [rsi]\n",
            "adox ", $t0, ", rax\n",
            "adcx ", $t1, ", rcx\n",
            "mulx rcx, rax, qword ptr [rsi + 8]\n",
            "adox ", $t1, ", rax\n",
            "adcx ", $t2, ", rcx\n",
            "mulx rcx, rax, qword ptr [rsi + 16]\n",
            "adox ", $t2, ", rax\n",
            "adcx ", $t3, ", rcx\n",
            "mulx rcx, rax, qword ptr [rsi + 24]\n",
            "adox ", $t3, ", rax\n",
            "adcx ", $t4, ", rcx\n",
            "mov eax, 0\n",
            "adox ", $t4, ", rax\n",
            $(
                "adcx ", $up, ", rax\n",
                "adox ", $up, ", rax\n",
            )*
        )
    };
}

/// Montgomery's reduction `x·2^{−256} mod p` of `0 ≤ x < p·2^{256}`,
/// canonical; `m` points to `p`'s four limbs and `−p^{−1} mod 2^64`
/// ([`crate::Modulus`]'s layout).
///
/// # Safety
///
/// The CPU must have BMI2 and ADX; `m` points to five readable limbs.
#[inline(always)]
pub(crate) unsafe fn redc(x: &[u64; 8], m: *const u64) -> [u64; 4] {
    let (r0, r1, r2, r3): (u64, u64, u64, u64);
    // SAFETY: as in `wide`; `m` is borrowed from a `Modulus<4>` by the
    // caller. `x < p·R` keeps every carry inside the eight limbs, and the
    // result below `2p`, so one conditional subtraction ends it.
    unsafe {
        core::arch::asm!(
            reduce_row!("r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"),
            reduce_row!("r9", "r10", "r11", "r12", "r13", "r14", "r15"),
            reduce_row!("r10", "r11", "r12", "r13", "r14", "r15"),
            reduce_row!("r11", "r12", "r13", "r14", "r15"),
            // T < 2p: subtract p once where T ≥ p (no borrow)
            "mov r8, r12",
            "mov r9, r13",
            "mov r10, r14",
            "mov r11, r15",
            "sub r8, qword ptr [rsi]",
            "sbb r9, qword ptr [rsi + 8]",
            "sbb r10, qword ptr [rsi + 16]",
            "sbb r11, qword ptr [rsi + 24]",
            "cmovnc r12, r8",
            "cmovnc r13, r9",
            "cmovnc r14, r10",
            "cmovnc r15, r11",
            in("rsi") m,
            out("rax") _,
            out("rcx") _,
            out("rdx") _,
            inout("r8") x[0] => _,
            inout("r9") x[1] => _,
            inout("r10") x[2] => _,
            inout("r11") x[3] => _,
            inout("r12") x[4] => r0,
            inout("r13") x[5] => r1,
            inout("r14") x[6] => r2,
            inout("r15") x[7] => r3,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}
