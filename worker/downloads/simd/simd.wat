;; The downloads' pixel loops in WebAssembly SIMD (128-bit), used through kernel.ts: the resize's
;; passes (resize.ts; 8-bit RGBA with 14-bit fixed-point weights, the same arithmetic as libvips'
;; reduce, 16 samples or 2 taps of a pixel per instruction instead of one), RGB to RGBA, and the PNG
;; Average filter (png-encode.ts). Built into simd.wasm by build.ts (wabt); a test checks that the
;; committed simd.wasm is this file's build.
(module
  (memory (export "memory") 1)

  ;; One output row of the vertical pass: for j in [0, span) step 16,
  ;;   dst[j..j+16] = clamp_u8((8192 + sum over t < n of src[src + t*stride + j] * w[t]) >> 14)
  ;; `w` points at n i32 weights. `span` is a multiple of 16 (the caller pads its rows).
  (func (export "vertical")
    (param $src i32) (param $stride i32) (param $n i32) (param $w i32) (param $dst i32) (param $span i32)
    (local $j i32) (local $t i32) (local $p i32)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    (local $v v128) (local $lo v128) (local $hi v128) (local $ws v128)
    (block $done
      (loop $cols
        (br_if $done (i32.ge_u (local.get $j) (local.get $span)))
        (local.set $a0 (i32x4.splat (i32.const 8192)))
        (local.set $a1 (local.get $a0))
        (local.set $a2 (local.get $a0))
        (local.set $a3 (local.get $a0))
        (local.set $p (i32.add (local.get $src) (local.get $j)))
        (local.set $t (i32.const 0))
        (block $tdone
          (loop $taps
            (br_if $tdone (i32.ge_u (local.get $t) (local.get $n)))
            (local.set $ws (i16x8.splat (i32.load (i32.add (local.get $w) (i32.shl (local.get $t) (i32.const 2))))))
            (local.set $v (v128.load (local.get $p)))
            (local.set $lo (i16x8.extend_low_i8x16_u (local.get $v)))
            (local.set $hi (i16x8.extend_high_i8x16_u (local.get $v)))
            (local.set $a0 (i32x4.add (local.get $a0) (i32x4.extmul_low_i16x8_s (local.get $lo) (local.get $ws))))
            (local.set $a1 (i32x4.add (local.get $a1) (i32x4.extmul_high_i16x8_s (local.get $lo) (local.get $ws))))
            (local.set $a2 (i32x4.add (local.get $a2) (i32x4.extmul_low_i16x8_s (local.get $hi) (local.get $ws))))
            (local.set $a3 (i32x4.add (local.get $a3) (i32x4.extmul_high_i16x8_s (local.get $hi) (local.get $ws))))
            (local.set $p (i32.add (local.get $p) (local.get $stride)))
            (local.set $t (i32.add (local.get $t) (i32.const 1)))
            (br $taps)))
        (v128.store (i32.add (local.get $dst) (local.get $j))
          (i8x16.narrow_i16x8_u
            (i16x8.narrow_i32x4_s
              (i32x4.shr_s (local.get $a0) (i32.const 14))
              (i32x4.shr_s (local.get $a1) (i32.const 14)))
            (i16x8.narrow_i32x4_s
              (i32x4.shr_s (local.get $a2) (i32.const 14))
              (i32x4.shr_s (local.get $a3) (i32.const 14)))))
        (local.set $j (i32.add (local.get $j) (i32.const 16)))
        (br $cols))))

  ;; One row of the horizontal pass: for each output pixel x < width, with `pairs` tap pairs,
  ;;   dst[x] (RGBA) = clamp_u8((8192 + sum over taps of src[start[x] + t] (RGBA) * w) >> 14)
  ;; `start` holds width i32 first-pixel indices; `wv` holds, per pixel and pair, one i16x8 vector
  ;; (w_t four times, then w_t+1 four times). An odd tap count is padded with a zero weight.
  (func (export "horizontal")
    (param $src i32) (param $dst i32) (param $width i32) (param $start i32) (param $wv i32) (param $pairs i32)
    (local $x i32) (local $k i32) (local $p i32) (local $acc v128) (local $v v128) (local $wt v128) (local $r v128)
    (block $done
      (loop $pixels
        (br_if $done (i32.ge_u (local.get $x) (local.get $width)))
        (local.set $acc (i32x4.splat (i32.const 8192)))
        (local.set $p (i32.add (local.get $src)
          (i32.shl (i32.load (i32.add (local.get $start) (i32.shl (local.get $x) (i32.const 2)))) (i32.const 2))))
        (local.set $k (i32.const 0))
        (block $kdone
          (loop $taps
            (br_if $kdone (i32.ge_u (local.get $k) (local.get $pairs)))
            (local.set $v (i16x8.extend_low_i8x16_u (v128.load64_zero (local.get $p))))
            (local.set $wt (v128.load (local.get $wv)))
            (local.set $acc (i32x4.add (local.get $acc)
              (i32x4.add (i32x4.extmul_low_i16x8_s (local.get $v) (local.get $wt))
                         (i32x4.extmul_high_i16x8_s (local.get $v) (local.get $wt)))))
            (local.set $p (i32.add (local.get $p) (i32.const 8)))
            (local.set $wv (i32.add (local.get $wv) (i32.const 16)))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $taps)))
        (local.set $r (i16x8.narrow_i32x4_s (i32x4.shr_s (local.get $acc) (i32.const 14)) (i32x4.shr_s (local.get $acc) (i32.const 14))))
        (i32.store (i32.add (local.get $dst) (i32.shl (local.get $x) (i32.const 2)))
          (i32x4.extract_lane 0 (i8x16.narrow_i16x8_u (local.get $r) (local.get $r))))
        (local.set $x (i32.add (local.get $x) (i32.const 1)))
        (br $pixels))))

  ;; RGB to RGBA (alpha 255), four pixels per step: reads up to 4 bytes past the last pixel and writes
  ;; up to 12 past it (the caller pads both).
  (func (export "expand") (param $src i32) (param $dst i32) (param $width i32)
    (local $i i32)
    (block $done
      (loop $px
        (br_if $done (i32.ge_u (local.get $i) (local.get $width)))
        (v128.store (i32.add (local.get $dst) (i32.shl (local.get $i) (i32.const 2)))
          (v128.or
            (i8x16.swizzle (v128.load (i32.add (local.get $src) (i32.mul (local.get $i) (i32.const 3))))
              (v128.const i8x16 0 1 2 -1 3 4 5 -1 6 7 8 -1 9 10 11 -1))
            (v128.const i32x4 0xff000000 0xff000000 0xff000000 0xff000000)))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $px))))

  ;; The PNG Average filter (type 3) of one RGBA row: each byte minus floor((left + up) / 2), with left
  ;; and up read from the unfiltered rows `cur` (its 4 bytes before are zero) and `prev` (zeros for the
  ;; first row). `bpp` 3 writes RGB (12 bytes a step; the 4 after are overwritten by the next step or
  ;; are padding), 4 writes RGBA. Reads and writes up to 16 bytes past the row (the caller pads).
  (func (export "averageFilter") (param $cur i32) (param $prev i32) (param $dst i32) (param $width i32) (param $bpp i32)
    (local $i i32) (local $end i32) (local $d i32) (local $a v128) (local $b v128) (local $f v128)
    (local.set $end (i32.shl (local.get $width) (i32.const 2)))
    (local.set $d (local.get $dst))
    (block $done
      (loop $px
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $a (v128.load (i32.sub (i32.add (local.get $cur) (local.get $i)) (i32.const 4))))
        (local.set $b (v128.load (i32.add (local.get $prev) (local.get $i))))
        (local.set $f
          (i8x16.sub (v128.load (i32.add (local.get $cur) (local.get $i)))
            (i8x16.sub (i8x16.avgr_u (local.get $a) (local.get $b))
              (v128.and (v128.xor (local.get $a) (local.get $b)) (i8x16.splat (i32.const 1))))))
        (if (i32.eq (local.get $bpp) (i32.const 3))
          (then
            (v128.store (local.get $d)
              (i8x16.swizzle (local.get $f) (v128.const i8x16 0 1 2 4 5 6 8 9 10 12 13 14 -1 -1 -1 -1)))
            (local.set $d (i32.add (local.get $d) (i32.const 12))))
          (else
            (v128.store (local.get $d) (local.get $f))
            (local.set $d (i32.add (local.get $d) (i32.const 16)))))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $px))))

  ;; The TIFF horizontal predictor (PNG's Sub filter) of one row: each byte minus the same sample one pixel
  ;; left (zero for the first pixel: the caller puts `inBpp` zero bytes before `cur`). `inBpp` 3 or 4 samples
  ;; a pixel in, `outBpp` the same, or 3 from 4 (alpha dropped: 12 bytes a step, the 4 after are overwritten
  ;; by the next step or are padding). Reads and writes up to 16 bytes past the row (the caller pads).
  (func (export "subFilter") (param $cur i32) (param $dst i32) (param $width i32) (param $inBpp i32) (param $outBpp i32)
    (local $i i32) (local $end i32) (local $d i32) (local $f v128)
    (local.set $end (i32.mul (local.get $width) (local.get $inBpp)))
    (local.set $d (local.get $dst))
    (block $done
      (loop $px
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $f
          (i8x16.sub (v128.load (i32.add (local.get $cur) (local.get $i)))
            (v128.load (i32.sub (i32.add (local.get $cur) (local.get $i)) (local.get $inBpp)))))
        (if (i32.ne (local.get $inBpp) (local.get $outBpp))
          (then
            (v128.store (local.get $d)
              (i8x16.swizzle (local.get $f) (v128.const i8x16 0 1 2 4 5 6 8 9 10 12 13 14 -1 -1 -1 -1)))
            (local.set $d (i32.add (local.get $d) (i32.const 12))))
          (else
            (v128.store (local.get $d) (local.get $f))
            (local.set $d (i32.add (local.get $d) (i32.const 16)))))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $px))))

  ;; PNG's Average filter undone on one row below another (decoding): each byte plus the floor of the mean of the
  ;; same sample one pixel left (already undone) and the one above (`prev`, already undone; a zero row for the
  ;; first row). One pixel a step: the left pixel stays in a register, so a step's chain is four vector operations.
  ;; `bpp` 3 or 4; reads 4 bytes a pixel (one past an RGB row) and writes 4 (the last step one past the row: the
  ;; caller pads). `cur` and `dst` must not overlap.
  (func (export "averageUnfilter") (param $cur i32) (param $prev i32) (param $dst i32) (param $width i32) (param $bpp i32)
    (local $i i32) (local $end i32) (local $a v128) (local $b v128)
    (local.set $end (i32.mul (local.get $width) (local.get $bpp)))
    (block $done
      (loop $px
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $b (v128.load32_zero (i32.add (local.get $prev) (local.get $i))))
        (local.set $a
          (i8x16.add (v128.load32_zero (i32.add (local.get $cur) (local.get $i)))
            (i8x16.sub (i8x16.avgr_u (local.get $a) (local.get $b))
              (v128.and (v128.xor (local.get $a) (local.get $b)) (i8x16.splat (i32.const 1))))))
        (v128.store32_lane 0 (i32.add (local.get $dst) (local.get $i)) (local.get $a))
        (local.set $i (i32.add (local.get $i) (local.get $bpp)))
        (br $px))))
)
