/*
 * The count engine's native kernel: whole-shard overlap and mekko blocks over the portable
 * roaring bytes the engine already keeps, container by container.
 *
 * Why (docs/decisions.md, 'count kernel'): with the `roaring` package each of the 144 cells of a
 * 12x12 overlap is its own call, and an array container meets a bitmap one element at a time
 * (up to 4096 bit tests per container). Here a shard's 24 bitmaps are visited key by key (one
 * 65536-id chunk at a time, 24 x 8 KB in L2): an array with more than DENSE_MIN (64) members is spread
 * into a dense 8 KB block once and then meets the others with AND + popcount of 1024 words (AVX-512
 * VPOPCNTDQ where the CPU has it), small arrays keep bit tests, two small arrays merge. A mekko
 * market is ORed into a dense accumulator and counted, with no bitmaps allocated.
 *
 * Portability: everything x86 (immintrin.h, target attributes, CPU detection) sits behind
 * KERNEL_X86; elsewhere (arm64: Apple silicon, Graviton) the portable C path is all there is, and
 * __builtin_popcountll becomes the CPU's own popcount (NEON CNT on arm64). Every function is
 * exported twice: the best path for this CPU, and under `portable` the plain C path
 * (DISCOVERY_COUNT_KERNEL=portable, and the tests that compare the two).
 *
 * Format (CRoaring's portable serialisation): cookie 12346 + u32 count + (key, card-1) pairs +
 * u32 offsets, or cookie 12347 | (count-1) << 16 + run flags + pairs (+ offsets when count >= 4);
 * then each container: run (u16 n + n x (start, len-1)), array (card x u16) or bitmap (1024 x u64).
 */
#include <node_api.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* KERNEL_PORTABLE_ONLY (-D) leaves the x86 parts out on x86 too: old compilers without AVX-512
 * intrinsics, and the check that the portable build compiles (native/check-portable.sh). */
#if (defined(__x86_64__) || defined(__i386__)) && !defined(KERNEL_PORTABLE_ONLY)
#define KERNEL_X86 1
#include <immintrin.h>
#else
#define KERNEL_X86 0
#endif

#define WORDS 1024
#define KEYS 16 /* a shard is 2^20 ids: keys 0..15 */
#define DENSE_MIN 64
#define MAX_SEGS 64

enum { C_NONE = 0, C_ARRAY = 1, C_BITMAP = 2, C_RUN = 3 };

typedef struct {
  uint8_t type[KEYS];
  uint32_t card[KEYS];
  const uint8_t *data[KEYS];
  uint64_t total;
} shard_t;

static int parse(const uint8_t *buf, size_t len, shard_t *s) {
  memset(s, 0, sizeof(*s));
  if (len == 0) return 1;
  if (len < 8) return 0;
  uint32_t cookie;
  memcpy(&cookie, buf, 4);
  size_t at;
  uint32_t n;
  const uint8_t *runflags = NULL;
  int has_offsets;
  if ((cookie & 0xFFFF) == 12347) {
    n = (cookie >> 16) + 1;
    runflags = buf + 4;
    at = 4 + (n + 7) / 8;
    has_offsets = n >= 4;
  } else if (cookie == 12346) {
    memcpy(&n, buf + 4, 4);
    at = 8;
    has_offsets = 1;
  } else {
    return 0;
  }
  if (n > KEYS) return 0;
  const uint8_t *pairs = buf + at;
  at += 4 * (size_t)n;
  if (has_offsets) at += 4 * (size_t)n;
  if (at > len) return 0;
  for (uint32_t i = 0; i < n; i++) {
    uint16_t key, cm1;
    memcpy(&key, pairs + 4 * i, 2);
    memcpy(&cm1, pairs + 4 * i + 2, 2);
    if (key >= KEYS) return 0;
    uint32_t card = (uint32_t)cm1 + 1;
    int run = runflags && (runflags[i / 8] >> (i % 8)) & 1;
    s->card[key] = card;
    s->total += card;
    s->data[key] = buf + at;
    if (run) {
      if (at + 2 > len) return 0;
      uint16_t nr;
      memcpy(&nr, buf + at, 2);
      s->type[key] = C_RUN;
      at += 2 + 4 * (size_t)nr;
    } else if (card <= 4096) {
      s->type[key] = C_ARRAY;
      at += 2 * (size_t)card;
    } else {
      s->type[key] = C_BITMAP;
      at += 8 * WORDS;
    }
    if (at > len) return 0;
  }
  return 1;
}

/* One key of one segment, ready to meet others: dense words, or a short sorted array. */
typedef struct {
  const uint64_t *dense;
  const uint16_t *arr;
  uint32_t card;
} view_t;

/* Sets one member's bit; whether a member is in dense words (0 or 1). */
#define SET_BIT(w, v) ((w)[(v) >> 6] |= 1ULL << ((v) & 63))
#define IN(f, v) (((f)[(v) >> 6] >> ((v) & 63)) & 1)

/*
 * ORs an array container's members into dense words and, given f, returns how many of them lie in
 * f (0 without). Sorted members often share a word, and an OR into memory waits for the one before
 * it into the same word: the array is walked as four quarters at once, four independent chains
 * (about 5 % off the 100M mekko, one thread). Inlined, so each caller gets the loop for its f.
 */
static inline __attribute__((always_inline)) uint64_t or_members(const uint8_t *data, uint32_t card, uint64_t *w, const uint64_t *f) {
  uint32_t q = card / 4;
  const uint8_t *d1 = data + 2 * (size_t)q, *d2 = d1 + 2 * (size_t)q, *d3 = d2 + 2 * (size_t)q;
  uint64_t n = 0;
  for (uint32_t i = 0; i < q; i++) {
    uint16_t a, b, c, d;
    memcpy(&a, data + 2 * i, 2);
    memcpy(&b, d1 + 2 * i, 2);
    memcpy(&c, d2 + 2 * i, 2);
    memcpy(&d, d3 + 2 * i, 2);
    if (f) n += IN(f, a) + IN(f, b) + IN(f, c) + IN(f, d);
    SET_BIT(w, a);
    SET_BIT(w, b);
    SET_BIT(w, c);
    SET_BIT(w, d);
  }
  for (uint32_t i = 4 * q; i < card; i++) {
    uint16_t v;
    memcpy(&v, data + 2 * i, 2);
    if (f) n += IN(f, v);
    SET_BIT(w, v);
  }
  return n;
}

static void or_array(const uint8_t *data, uint32_t card, uint64_t *w) { or_members(data, card, w, NULL); }

/* ORs a run container's members (u16 count, then (start, length - 1) pairs) into dense words. */
static void or_run(const uint8_t *data, uint64_t *w) {
  uint16_t nr;
  memcpy(&nr, data, 2);
  for (uint32_t r = 0; r < nr; r++) {
    uint16_t start, lm1;
    memcpy(&start, data + 2 + 4 * r, 2);
    memcpy(&lm1, data + 4 + 4 * r, 2);
    uint32_t end = (uint32_t)start + lm1; /* inclusive */
    for (uint32_t v = start; v <= end; v++) w[v >> 6] |= 1ULL << (v & 63);
  }
}

static void spread_array(const uint8_t *data, uint32_t card, uint64_t *w) {
  memset(w, 0, 8 * WORDS);
  or_array(data, card, w);
}

static void spread_run(const uint8_t *data, uint64_t *w) {
  memset(w, 0, 8 * WORDS);
  or_run(data, w);
}

/* A key of a segment as a view; scratch is this segment's own 8 KB block. */
static view_t view_of(const shard_t *s, int key, uint64_t *scratch) {
  view_t v = {NULL, NULL, s->card[key]};
  switch (s->type[key]) {
    case C_BITMAP:
      v.dense = (const uint64_t *)s->data[key];
      break;
    case C_ARRAY:
      if (s->card[key] > DENSE_MIN) {
        spread_array(s->data[key], s->card[key], scratch);
        v.dense = scratch;
      } else if (((uintptr_t)s->data[key] & 1) == 0) {
        v.arr = (const uint16_t *)s->data[key];
      } else {
        memcpy(scratch, s->data[key], 2 * (size_t)s->card[key]);
        v.arr = (const uint16_t *)scratch;
      }
      break;
    case C_RUN:
      spread_run(s->data[key], scratch);
      v.dense = scratch;
      break;
    default:
      v.card = 0;
  }
  return v;
}

/* Asks for a container's bytes ahead of use (a run container's first line only: its length is in it). */
static void prefetch_container(const shard_t *s, int key) {
  size_t n;
  switch (s->type[key]) {
    case C_BITMAP:
      n = 8 * WORDS;
      break;
    case C_ARRAY:
      n = 2 * (size_t)s->card[key];
      break;
    case C_RUN:
      n = 64;
      break;
    default:
      return;
  }
  for (size_t at = 0; at < n; at += 64) __builtin_prefetch(s->data[key] + at, 0, 3);
}

/* Whether this CPU runs AVX-512 VPOPCNTDQ; set once in Init (always 0 off x86). */
static int has_vpopcnt = 0;

#if KERNEL_X86
__attribute__((target("avx512f,avx512vpopcntdq"))) static uint64_t and_count_512(const uint64_t *a, const uint64_t *b) {
  __m512i acc = _mm512_setzero_si512();
  for (int i = 0; i < WORDS; i += 8) {
    __m512i x = _mm512_and_si512(_mm512_loadu_si512((const void *)(a + i)), _mm512_loadu_si512((const void *)(b + i)));
    acc = _mm512_add_epi64(acc, _mm512_popcnt_epi64(x));
  }
  return (uint64_t)_mm512_reduce_add_epi64(acc);
}

__attribute__((target("avx512f,avx512vpopcntdq"))) static uint64_t count_512(const uint64_t *a) {
  __m512i acc = _mm512_setzero_si512();
  for (int i = 0; i < WORDS; i += 8) acc = _mm512_add_epi64(acc, _mm512_popcnt_epi64(_mm512_loadu_si512((const void *)(a + i))));
  return (uint64_t)_mm512_reduce_add_epi64(acc);
}
/* dst = a & b, returns its popcount: a segment's key narrowed to a filter (dst may be a or b). */
__attribute__((target("avx512f,avx512vpopcntdq"))) static uint64_t and_store_512(uint64_t *dst, const uint64_t *a, const uint64_t *b) {
  __m512i acc = _mm512_setzero_si512();
  for (int i = 0; i < WORDS; i += 8) {
    __m512i x = _mm512_and_si512(_mm512_loadu_si512((const void *)(a + i)), _mm512_loadu_si512((const void *)(b + i)));
    _mm512_storeu_si512((void *)(dst + i), x);
    acc = _mm512_add_epi64(acc, _mm512_popcnt_epi64(x));
  }
  return (uint64_t)_mm512_reduce_add_epi64(acc);
}

/* acc |= w: a bitmap container ORed into a market's block. */
__attribute__((target("avx512f"))) static void or_words_512(uint64_t *acc, const uint64_t *w) {
  for (int i = 0; i < WORDS; i += 8)
    _mm512_storeu_si512((void *)(acc + i), _mm512_or_si512(_mm512_loadu_si512((const void *)(acc + i)), _mm512_loadu_si512((const void *)(w + i))));
}

/* total |= a & f, returns |a & f|: a market's block within a filter, counted and added to the total's. */
__attribute__((target("avx512f,avx512vpopcntdq"))) static uint64_t and_or_count_512(uint64_t *total, const uint64_t *a, const uint64_t *f) {
  __m512i acc = _mm512_setzero_si512();
  for (int i = 0; i < WORDS; i += 8) {
    __m512i x = _mm512_and_si512(_mm512_loadu_si512((const void *)(a + i)), _mm512_loadu_si512((const void *)(f + i)));
    _mm512_storeu_si512((void *)(total + i), _mm512_or_si512(_mm512_loadu_si512((const void *)(total + i)), x));
    acc = _mm512_add_epi64(acc, _mm512_popcnt_epi64(x));
  }
  return (uint64_t)_mm512_reduce_add_epi64(acc);
}

/* acc |= w, returns |w & f|: a bitmap container counted within a filter and ORed into its market's block. */
__attribute__((target("avx512f,avx512vpopcntdq"))) static uint64_t or_meet_512(uint64_t *acc, const uint64_t *w, const uint64_t *f) {
  __m512i n = _mm512_setzero_si512();
  for (int i = 0; i < WORDS; i += 8) {
    __m512i x = _mm512_loadu_si512((const void *)(w + i));
    _mm512_storeu_si512((void *)(acc + i), _mm512_or_si512(_mm512_loadu_si512((const void *)(acc + i)), x));
    n = _mm512_add_epi64(n, _mm512_popcnt_epi64(_mm512_and_si512(x, _mm512_loadu_si512((const void *)(f + i)))));
  }
  return (uint64_t)_mm512_reduce_add_epi64(n);
}

/* The scalar path still uses the popcnt instruction (every x86-64 CPU of the last 15 years has it). */
#define SCALAR_TARGET __attribute__((target("popcnt")))
#else
#define SCALAR_TARGET
#endif

SCALAR_TARGET static uint64_t and_count_scalar(const uint64_t *a, const uint64_t *b) {
  uint64_t n = 0;
  for (int i = 0; i < WORDS; i++) n += (uint64_t)__builtin_popcountll(a[i] & b[i]);
  return n;
}

SCALAR_TARGET static uint64_t count_scalar(const uint64_t *a) {
  uint64_t n = 0;
  for (int i = 0; i < WORDS; i++) n += (uint64_t)__builtin_popcountll(a[i]);
  return n;
}

SCALAR_TARGET static uint64_t and_store_scalar(uint64_t *dst, const uint64_t *a, const uint64_t *b) {
  uint64_t n = 0;
  for (int i = 0; i < WORDS; i++) {
    uint64_t x = a[i] & b[i];
    dst[i] = x;
    n += (uint64_t)__builtin_popcountll(x);
  }
  return n;
}

static void or_words_scalar(uint64_t *acc, const uint64_t *w) {
  for (int i = 0; i < WORDS; i++) acc[i] |= w[i];
}

SCALAR_TARGET static uint64_t and_or_count_scalar(uint64_t *total, const uint64_t *a, const uint64_t *f) {
  uint64_t n = 0;
  for (int i = 0; i < WORDS; i++) {
    uint64_t x = a[i] & f[i];
    total[i] |= x;
    n += (uint64_t)__builtin_popcountll(x);
  }
  return n;
}

SCALAR_TARGET static uint64_t or_meet_scalar(uint64_t *acc, const uint64_t *w, const uint64_t *f) {
  uint64_t n = 0;
  for (int i = 0; i < WORDS; i++) {
    acc[i] |= w[i];
    n += (uint64_t)__builtin_popcountll(w[i] & f[i]);
  }
  return n;
}

/* simd: this call may use AVX-512 (the CPU has it and the caller did not ask for the portable path).
 * BEST picks the AVX-512 function or the plain C one; off x86 only the plain C one exists. */
#if KERNEL_X86
#define BEST(simd, fast, plain, ...) ((simd) ? fast(__VA_ARGS__) : plain(__VA_ARGS__))
#else
#define BEST(simd, fast, plain, ...) ((void)(simd), plain(__VA_ARGS__))
#endif
/* |a & b| */
#define and_count(a, b, simd) BEST(simd, and_count_512, and_count_scalar, a, b)
/* |a| */
#define count_words(a, simd) BEST(simd, count_512, count_scalar, a)
/* dst = a & b, returns |dst| */
#define and_store(dst, a, b, simd) BEST(simd, and_store_512, and_store_scalar, dst, a, b)
/* acc |= w */
#define or_words(acc, w, simd) BEST(simd, or_words_512, or_words_scalar, acc, w)
/* total |= a & f, returns |a & f| */
#define and_or_count(total, a, f, simd) BEST(simd, and_or_count_512, and_or_count_scalar, total, a, f)
/* acc |= w, returns |w & f| */
#define or_meet(acc, w, f, simd) BEST(simd, or_meet_512, or_meet_scalar, acc, w, f)

static uint64_t meet(const view_t *a, const view_t *b, int simd) {
  if (a->card == 0 || b->card == 0) return 0;
  if (a->dense && b->dense) return and_count(a->dense, b->dense, simd);
  if (a->dense || b->dense) {
    const view_t *d = a->dense ? a : b;
    const view_t *s = a->dense ? b : a;
    uint64_t n = 0;
    for (uint32_t i = 0; i < s->card; i++) {
      uint16_t v = s->arr[i];
      n += (d->dense[v >> 6] >> (v & 63)) & 1;
    }
    return n;
  }
  /* two short sorted arrays */
  uint32_t i = 0, j = 0;
  uint64_t n = 0;
  while (i < a->card && j < b->card) {
    uint16_t x = a->arr[i], y = b->arr[j];
    if (x < y) i++;
    else if (y < x) j++;
    else {
      n++;
      i++;
      j++;
    }
  }
  return n;
}

/* ---------------------------------------------------------------- N-API glue */

/* Each function is created twice; its data pointer says which path it takes. */
static const int PATH_BEST = 1;
static const int PATH_PORTABLE = 0;

static int uses_simd(const void *path) { return has_vpopcnt && path == (const void *)&PATH_BEST; }

#define CHECK(call)                                                         \
  do {                                                                      \
    if ((call) != napi_ok) {                                                \
      napi_throw_error(env, NULL, "count kernel: bad arguments (" #call ")"); \
      return NULL;                                                          \
    }                                                                       \
  } while (0)

static int read_buffers(napi_env env, napi_value arr, shard_t *out, uint32_t *count) {
  uint32_t n;
  if (napi_get_array_length(env, arr, &n) != napi_ok || n > *count) return 0;
  for (uint32_t i = 0; i < n; i++) {
    napi_value el;
    void *data;
    size_t len;
    if (napi_get_element(env, arr, i, &el) != napi_ok) return 0;
    if (napi_get_buffer_info(env, el, &data, &len) != napi_ok) return 0;
    if (!parse((const uint8_t *)data, len, &out[i])) return 0;
  }
  *count = n;
  return 1;
}

static double *float_out(napi_env env, napi_value v, size_t need) {
  napi_typedarray_type type;
  size_t length;
  void *data;
  napi_value ab;
  size_t offset;
  if (napi_get_typedarray_info(env, v, &type, &length, &data, &ab, &offset) != napi_ok) return NULL;
  if (type != napi_float64_array || length < need) return NULL;
  return (double *)data;
}

/* Per-thread working memory (each engine worker is its own thread), allocated once and grown. */
static __thread uint64_t *scratch = NULL;
static __thread size_t scratch_blocks = 0;
static __thread shard_t *shards = NULL;
static __thread size_t shards_cap = 0;

static uint64_t *blocks(size_t n) {
  if (n > scratch_blocks) {
    free(scratch);
    scratch = aligned_alloc(64, 8 * WORDS * n);
    scratch_blocks = scratch ? n : 0;
  }
  return scratch;
}

static shard_t *shard_slots(size_t n) {
  if (n > shards_cap) {
    free(shards);
    shards = malloc(sizeof(shard_t) * n);
    shards_cap = shards ? n : 0;
  }
  return shards;
}

/*
 * overlap(xs: Buffer[], ys: Buffer[], out: Float64Array): adds |X_i|, |Y_j| and |X_i ∩ Y_j| (row by
 * row) of one shard into out.
 */
static napi_value Overlap(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  void *path;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, &path));
  int simd = uses_simd(path);
  if (argc < 3) {
    napi_throw_error(env, NULL, "count kernel: overlap(xs, ys, out)");
    return NULL;
  }
  uint32_t nx, ny;
  if (napi_get_array_length(env, argv[0], &nx) != napi_ok || napi_get_array_length(env, argv[1], &ny) != napi_ok || nx > 24 || ny > 24) {
    napi_throw_error(env, NULL, "count kernel: xs and ys must be arrays of at most 24 buffers");
    return NULL;
  }
  shard_t *xs = shard_slots(nx + ny);
  uint64_t *sx = blocks(nx + ny);
  if (!xs || !sx) {
    napi_throw_error(env, NULL, "count kernel: out of memory");
    return NULL;
  }
  shard_t *ys = xs + nx; /* the prefetch below counts on ys following xs */
  if (!read_buffers(env, argv[0], xs, &nx) || !read_buffers(env, argv[1], ys, &ny)) {
    napi_throw_error(env, NULL, "count kernel: xs and ys must be arrays of portable roaring buffers of one shard");
    return NULL;
  }
  double *out = float_out(env, argv[2], nx + ny + (size_t)nx * ny);
  if (!out) {
    napi_throw_error(env, NULL, "count kernel: out must be a Float64Array of nx + ny + nx*ny");
    return NULL;
  }
  for (uint32_t i = 0; i < nx; i++) out[i] += (double)xs[i].total;
  for (uint32_t j = 0; j < ny; j++) out[nx + j] += (double)ys[j].total;
  uint64_t *sy = sx + (size_t)WORDS * nx;
  view_t vx[MAX_SEGS], vy[MAX_SEGS];
  double *cells = out + nx + ny;
  for (int key = 0; key < KEYS; key++) {
    int any_x = 0, any_y = 0;
    for (uint32_t i = 0; i < nx; i++) any_x |= xs[i].type[key] != C_NONE;
    for (uint32_t j = 0; j < ny; j++) any_y |= ys[j].type[key] != C_NONE;
    if (!any_x || !any_y) continue;
    for (uint32_t i = 0; i < nx; i++) vx[i] = view_of(&xs[i], key, sx + (size_t)WORDS * i);
    for (uint32_t j = 0; j < ny; j++) vy[j] = view_of(&ys[j], key, sy + (size_t)WORDS * j);
    /* While row i meets every y (out of L2), the next key's containers are fetched from memory,
     * a share of them per row: the 24 segments' next containers lie in 24 places, which the
     * hardware prefetcher cannot guess. */
    uint32_t all = nx + ny;
    for (uint32_t i = 0; i < nx; i++) {
      if (key + 1 < KEYS)
        for (uint32_t k = i * all / nx; k < (i + 1) * all / nx; k++) prefetch_container(&xs[k], key + 1);
      if (vx[i].card == 0) continue;
      for (uint32_t j = 0; j < ny; j++) cells[(size_t)i * ny + j] += (double)meet(&vx[i], &vy[j], simd);
    }
  }
  return NULL;
}

static void or_into(uint64_t *acc, const shard_t *s, int key, int simd) {
  const uint8_t *d = s->data[key];
  switch (s->type[key]) {
    case C_BITMAP:
      or_words(acc, (const uint64_t *)d, simd);
      break;
    case C_ARRAY:
      or_array(d, s->card[key], acc);
      break;
    case C_RUN:
      or_run(d, acc);
      break;
    default:
      break;
  }
}

/* A market's first container at a key: copied (a bitmap) or spread into the block, no OR. */
static void put_into(uint64_t *acc, const shard_t *s, int key) {
  switch (s->type[key]) {
    case C_BITMAP:
      memcpy(acc, s->data[key], 8 * WORDS);
      break;
    case C_ARRAY:
      spread_array(s->data[key], s->card[key], acc);
      break;
    case C_RUN:
      spread_run(s->data[key], acc);
      break;
    default:
      memset(acc, 0, 8 * WORDS);
  }
}

/*
 * One membership kind of a mekko on one shard: adds |∪ all markets| into out[kind] and each
 * market's |∪| into out[2 + 2m + kind]. Segment by segment, each walked through its keys in the
 * order its bytes lie (one long read the prefetcher follows), into one block per key: KEYS blocks
 * (acc) for the market, KEYS (total) for all markets. With a filter (fw: its dense words per key;
 * live: the keys it has anyone in) every count is within it, and each segment's |S ∩ F| is added
 * into ids[segment], from the same read of its containers.
 */
/* below, with the other counts within a filter */
static uint64_t or_meet_container(uint64_t *acc, const shard_t *s, int key, const uint64_t *f, int simd);

static void mekko_kind(const shard_t *segs, const uint32_t *lens, uint32_t nm, const uint64_t *fw, const uint8_t *live, uint64_t *acc,
                       uint64_t *total, double *out, int kind, double *ids, int simd) {
  uint8_t in_total[KEYS] = {0};
  size_t first = 0;
  for (uint32_t m = 0; m < nm; m++) {
    uint8_t in_acc[KEYS] = {0};
    for (uint32_t s = 0; s < lens[m]; s++) {
      const shard_t *sg = &segs[first + s];
      for (int key = 0; key < KEYS; key++) {
        if (sg->type[key] == C_NONE || (fw && !live[key])) continue;
        uint64_t *a = acc + (size_t)WORDS * key;
        if (fw) {
          if (!in_acc[key]) memset(a, 0, 8 * WORDS);
          ids[first + s] += (double)or_meet_container(a, sg, key, fw + (size_t)WORDS * key, simd);
        } else if (in_acc[key]) {
          or_into(a, sg, key, simd);
        } else {
          put_into(a, sg, key);
        }
        in_acc[key] = 1;
      }
    }
    for (int key = 0; key < KEYS; key++) {
      if (!in_acc[key]) continue;
      const uint64_t *a = acc + (size_t)WORDS * key;
      uint64_t *t = total + (size_t)WORDS * key;
      if (!in_total[key]) {
        memset(t, 0, 8 * WORDS);
        in_total[key] = 1;
      }
      /* the market counted (within the filter) and ORed into the total in one pass; a & a = a */
      out[2 + 2 * m + kind] += (double)and_or_count(t, a, fw ? fw + (size_t)WORDS * key : a, simd);
    }
    first += lens[m];
  }
  for (int key = 0; key < KEYS; key++)
    if (in_total[key]) out[kind] += (double)count_words(total + (size_t)WORDS * key, simd);
}

/*
 * mekko(matched: Buffer[][], modeled: Buffer[][], out: Float64Array): for one shard adds
 * [|∪ all matched|, |∪ all modeled|, then per market |∪ matched|, |∪ modeled|] into out. Key by
 * key, each market's segments are ORed into a dense block and counted, and the block ORed into
 * the total's.
 */
static napi_value Mekko(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  void *path;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, &path));
  int simd = uses_simd(path);
  uint32_t nm, nm2;
  if (argc < 3 || napi_get_array_length(env, argv[0], &nm) != napi_ok || napi_get_array_length(env, argv[1], &nm2) != napi_ok || nm != nm2) {
    napi_throw_error(env, NULL, "count kernel: mekko(matched[][], modeled[][], out) with as many markets in both");
    return NULL;
  }
  double *out = float_out(env, argv[2], 2 + 2 * (size_t)nm);
  if (!out) {
    napi_throw_error(env, NULL, "count kernel: out must be a Float64Array of 2 + 2 * markets");
    return NULL;
  }
  uint64_t *acc = blocks(2 * KEYS);
  if (!acc) {
    napi_throw_error(env, NULL, "count kernel: out of memory");
    return NULL;
  }
  uint64_t *total = acc + (size_t)WORDS * KEYS;
  for (int kind = 0; kind < 2; kind++) {
    /* every market's segments parsed once: starts[m] .. starts[m + 1] */
    size_t all = 0;
    uint32_t *lens = malloc(sizeof(uint32_t) * (nm + 1));
    napi_value *lists = malloc(sizeof(napi_value) * (nm + 1));
    if (!lens || !lists) {
      free(lens);
      free(lists);
      napi_throw_error(env, NULL, "count kernel: out of memory");
      return NULL;
    }
    for (uint32_t m = 0; m < nm; m++) {
      if (napi_get_element(env, argv[kind], m, &lists[m]) != napi_ok || napi_get_array_length(env, lists[m], &lens[m]) != napi_ok) {
        free(lens);
        free(lists);
        napi_throw_error(env, NULL, "count kernel: a market must be an array of buffers");
        return NULL;
      }
      all += lens[m];
    }
    shard_t *segs = shard_slots(all ? all : 1);
    int ok = segs != NULL;
    size_t at = 0;
    for (uint32_t m = 0; ok && m < nm; m++) {
      uint32_t n = lens[m];
      ok = read_buffers(env, lists[m], segs + at, &n);
      at += lens[m];
    }
    free(lists);
    if (!ok) {
      free(lens);
      napi_throw_error(env, NULL, "count kernel: a market must be an array of portable roaring buffers of one shard");
      return NULL;
    }
    mekko_kind(segs, lens, nm, NULL, NULL, acc, total, out, kind, NULL, simd);
    free(lens);
  }
  return NULL;
}

/* ------------------------------------------------ counts within a filter audience (issue 33 §5) */

/*
 * A filter audience of one membership kind on one shard, as the engine's rules say (ops.ts
 * evalRule): everyone of the shard (ids 0 .. people - 1), AND each include group (an OR of
 * segments), minus the AND of the exclude groups (each an OR). Groups come without empty ones.
 */
#define MAX_GROUPS 64
typedef struct {
  uint32_t ninc, nexc;
  uint32_t len[2 * MAX_GROUPS]; /* segments per group: include groups, then exclude groups */
  shard_t *segs;                /* those segments, in that order */
  uint32_t people;
} filter_t;

/* Everyone of the shard within one key: ids [key * 65536, people). */
static void fill_universe(uint64_t *w, int key, uint32_t people) {
  uint32_t lo = (uint32_t)key << 16;
  uint32_t n = people > lo ? people - lo : 0;
  if (n > 65536) n = 65536;
  memset(w, 0, 8 * WORDS);
  memset(w, 0xFF, 8 * (size_t)(n / 64));
  if (n % 64) w[n / 64] = (1ULL << (n % 64)) - 1;
}

/* ORs one group's segments at this key into w (zeroed first); 0 when none has a container there. */
static int group_at(const shard_t *segs, uint32_t n, int key, uint64_t *w, int simd) {
  int any = 0;
  for (uint32_t s = 0; s < n; s++) any |= segs[s].type[key] != C_NONE;
  if (!any) return 0;
  memset(w, 0, 8 * WORDS);
  for (uint32_t s = 0; s < n; s++) or_into(w, &segs[s], key, simd);
  return 1;
}

/* The filter's members at this key into f (dense); returns how many. t1, t2: scratch blocks. */
static uint64_t filter_at(const filter_t *f, int key, uint64_t *out, uint64_t *t1, uint64_t *t2, int simd) {
  if (((uint32_t)key << 16) >= f->people) return 0;
  const shard_t *seg = f->segs;
  fill_universe(out, key, f->people);
  for (uint32_t g = 0; g < f->ninc; g++) {
    if (!group_at(seg, f->len[g], key, t1, simd)) return 0; /* a group with nobody here: nobody passes */
    for (int i = 0; i < WORDS; i++) out[i] &= t1[i];
    seg += f->len[g];
  }
  /* the exclusion is the AND of its groups: a group with nobody here excludes nobody */
  int excl = f->nexc > 0;
  for (uint32_t g = 0; g < f->nexc; g++) {
    uint32_t n = f->len[f->ninc + g];
    if (excl) {
      if (g == 0) excl = group_at(seg, n, key, t1, simd);
      else if ((excl = group_at(seg, n, key, t2, simd)))
        for (int i = 0; i < WORDS; i++) t1[i] &= t2[i];
    }
    seg += n;
  }
  if (excl)
    for (int i = 0; i < WORDS; i++) out[i] &= ~t1[i];
  return count_words(out, simd);
}

/* How many members of an array container lie in the dense words f. */
static uint64_t array_meet(const uint8_t *data, uint32_t card, const uint64_t *f) {
  uint64_t n = 0;
  for (uint32_t i = 0; i < card; i++) {
    uint16_t v;
    memcpy(&v, data + 2 * i, 2);
    n += (f[v >> 6] >> (v & 63)) & 1;
  }
  return n;
}

/* How many members of a run container lie in the dense words f. */
static uint64_t run_meet(const uint8_t *data, const uint64_t *f) {
  uint16_t nr;
  memcpy(&nr, data, 2);
  uint64_t n = 0;
  for (uint32_t r = 0; r < nr; r++) {
    uint16_t start, lm1;
    memcpy(&start, data + 2 + 4 * r, 2);
    memcpy(&lm1, data + 4 + 4 * r, 2);
    uint32_t a = start, b = (uint32_t)start + lm1; /* inclusive */
    uint32_t wa = a >> 6, wb = b >> 6;
    uint64_t ma = ~0ULL << (a & 63), mb = ~0ULL >> (63 - (b & 63));
    if (wa == wb) {
      n += (uint64_t)__builtin_popcountll(f[wa] & ma & mb);
      continue;
    }
    n += (uint64_t)__builtin_popcountll(f[wa] & ma);
    for (uint32_t w = wa + 1; w < wb; w++) n += (uint64_t)__builtin_popcountll(f[w]);
    n += (uint64_t)__builtin_popcountll(f[wb] & mb);
  }
  return n;
}

/* |one segment's container at this key ∩ f|, straight from its bytes (nothing spread). */
static uint64_t container_meet(const shard_t *s, int key, const uint64_t *f, int simd) {
  const uint8_t *d = s->data[key];
  switch (s->type[key]) {
    case C_BITMAP:
      return and_count((const uint64_t *)d, f, simd);
    case C_ARRAY:
      return array_meet(d, s->card[key], f);
    case C_RUN:
      return run_meet(d, f);
    default:
      return 0;
  }
}

/* acc |= one segment's container at this key, and returns |that container ∩ f|: one read of its bytes. */
static uint64_t or_meet_container(uint64_t *acc, const shard_t *s, int key, const uint64_t *f, int simd) {
  const uint8_t *d = s->data[key];
  switch (s->type[key]) {
    case C_BITMAP:
      return or_meet(acc, (const uint64_t *)d, f, simd);
    case C_ARRAY:
      return or_members(d, s->card[key], acc, f);
    case C_RUN:
      or_run(d, acc);
      return run_meet(d, f);
    default:
      return 0;
  }
}

/* How many lists an array of arrays holds and how many buffers in all; each list's length in lens. */
static int list_shape(napi_env env, napi_value arr, uint32_t max, uint32_t *n, uint32_t *lens, napi_value *lists, size_t *total) {
  if (napi_get_array_length(env, arr, n) != napi_ok || *n > max) return 0;
  for (uint32_t i = 0; i < *n; i++) {
    if (napi_get_element(env, arr, i, &lists[i]) != napi_ok || napi_get_array_length(env, lists[i], &lens[i]) != napi_ok) return 0;
    *total += lens[i];
  }
  return 1;
}

/* The shape of a filter argument [include: Buffer[][], exclude: Buffer[][], people]: group lengths, people, total segments. */
static int filter_shape(napi_env env, napi_value fv, filter_t *f, napi_value *lists, size_t *total) {
  napi_value inc, exc, people;
  double p;
  uint32_t parts;
  if (napi_get_array_length(env, fv, &parts) != napi_ok || parts != 3) return 0;
  if (napi_get_element(env, fv, 0, &inc) != napi_ok || napi_get_element(env, fv, 1, &exc) != napi_ok || napi_get_element(env, fv, 2, &people) != napi_ok)
    return 0;
  if (napi_get_value_double(env, people, &p) != napi_ok || !(p >= 0 && p <= (double)KEYS * 65536)) return 0;
  f->people = (uint32_t)p;
  if (!list_shape(env, inc, MAX_GROUPS, &f->ninc, f->len, lists, total)) return 0;
  if (!list_shape(env, exc, MAX_GROUPS, &f->nexc, f->len + f->ninc, lists + f->ninc, total)) return 0;
  for (uint32_t g = 0; g < f->ninc + f->nexc; g++)
    if (f->len[g] == 0) return 0; /* the engine leaves empty groups out */
  return 1;
}

/* Parses the filter's segments into segs (room for every one, as filter_shape counted them). */
static int filter_read(napi_env env, filter_t *f, napi_value *lists, shard_t *segs) {
  f->segs = segs;
  size_t at = 0;
  for (uint32_t g = 0; g < f->ninc + f->nexc; g++) {
    uint32_t n = f->len[g];
    if (!read_buffers(env, lists[g], segs + at, &n) || n != f->len[g]) return 0;
    at += n;
  }
  return 1;
}

#define FILTER_ARG "a filter is [include: Buffer[][], exclude: Buffer[][], people] with no empty group, at most 64 groups of each"

/*
 * overlapWithin(xs: Buffer[], ys: Buffer[], filter, out: Float64Array): for one shard adds
 * [|F|, |X_i ∩ F| ..., |Y_j ∩ F| ..., |X_i ∩ Y_j ∩ F| row by row] into out (1 + nx + ny + nx*ny),
 * F the filter audience. Key by key: F built dense, each X narrowed to F once (dense AND, or a
 * short array kept short), then every pair meets as in overlap.
 */
static napi_value OverlapWithin(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value argv[4];
  void *path;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, &path));
  int simd = uses_simd(path);
  uint32_t nx, ny;
  if (argc < 4 || napi_get_array_length(env, argv[0], &nx) != napi_ok || napi_get_array_length(env, argv[1], &ny) != napi_ok || nx > MAX_SEGS || ny > MAX_SEGS) {
    napi_throw_error(env, NULL, "count kernel: overlapWithin(xs, ys, filter, out) with at most 64 buffers in xs and ys");
    return NULL;
  }
  filter_t f;
  napi_value lists[2 * MAX_GROUPS];
  size_t nf = 0;
  if (!filter_shape(env, argv[2], &f, lists, &nf)) {
    napi_throw_error(env, NULL, "count kernel: " FILTER_ARG);
    return NULL;
  }
  shard_t *xs = shard_slots(nx + ny + nf);
  uint64_t *sx = blocks(nx + ny + 3);
  if (!xs || !sx) {
    napi_throw_error(env, NULL, "count kernel: out of memory");
    return NULL;
  }
  shard_t *ys = xs + nx;
  if (!read_buffers(env, argv[0], xs, &nx) || !read_buffers(env, argv[1], ys, &ny) || !filter_read(env, &f, lists, xs + nx + ny)) {
    napi_throw_error(env, NULL, "count kernel: xs, ys and the filter's groups must hold portable roaring buffers of one shard");
    return NULL;
  }
  double *out = float_out(env, argv[3], 1 + nx + ny + (size_t)nx * ny);
  if (!out) {
    napi_throw_error(env, NULL, "count kernel: out must be a Float64Array of 1 + nx + ny + nx*ny");
    return NULL;
  }
  uint64_t *sy = sx + (size_t)WORDS * nx;
  uint64_t *fw = sy + (size_t)WORDS * ny, *t1 = fw + WORDS, *t2 = t1 + WORDS;
  view_t vx[MAX_SEGS], vy[MAX_SEGS];
  double *cells = out + 1 + nx + ny;
  for (int key = 0; key < KEYS; key++) {
    uint64_t fc = filter_at(&f, key, fw, t1, t2, simd);
    if (fc == 0) continue;
    out[0] += (double)fc;
    int any_x = 0;
    for (uint32_t i = 0; i < nx; i++) {
      uint64_t *own = sx + (size_t)WORDS * i;
      vx[i] = view_of(&xs[i], key, own);
      if (vx[i].card == 0) continue;
      if (vx[i].dense) {
        vx[i].card = (uint32_t)and_store(own, vx[i].dense, fw, simd);
        vx[i].dense = own;
      } else {
        /* a short array keeps its members in F, in place or into its own block */
        uint16_t *dst = (uint16_t *)own;
        uint32_t n = 0;
        for (uint32_t k = 0; k < vx[i].card; k++) {
          uint16_t v = vx[i].arr[k];
          if ((fw[v >> 6] >> (v & 63)) & 1) dst[n++] = v;
        }
        vx[i].arr = dst;
        vx[i].card = n;
      }
      out[1 + i] += (double)vx[i].card;
      any_x |= vx[i].card != 0;
    }
    for (uint32_t j = 0; j < ny; j++) {
      if (ys[j].type[key] == C_NONE) {
        vy[j].card = 0;
        continue;
      }
      out[1 + nx + j] += (double)container_meet(&ys[j], key, fw, simd);
      if (any_x) vy[j] = view_of(&ys[j], key, sy + (size_t)WORDS * j);
      else vy[j].card = 0;
    }
    if (!any_x) continue;
    for (uint32_t i = 0; i < nx; i++) {
      if (vx[i].card == 0) continue;
      for (uint32_t j = 0; j < ny; j++) cells[(size_t)i * ny + j] += (double)meet(&vx[i], &vy[j], simd);
    }
  }
  return NULL;
}

/*
 * mekkoWithin(matched: Buffer[][], modeled: Buffer[][], filters: [matched filter, modeled filter],
 * out: Float64Array, ids: Float64Array): for one shard adds [|∪ matched ∩ F|, |∪ modeled ∩ F'|,
 * per market the same] into out (2 + 2 * markets) and each segment's |S ∩ F| into ids (every
 * market's matched segments, then every market's modeled ones). Each kind within its own filter
 * (F: the rule on matched bitmaps, F': on modeled ones). Key by key: the filter built dense, a
 * market ORed into a block and ANDed with it.
 */
static napi_value MekkoWithin(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value argv[5];
  void *path;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, &path));
  int simd = uses_simd(path);
  uint32_t nm, nm2, nfl;
  if (argc < 5 || napi_get_array_length(env, argv[0], &nm) != napi_ok || napi_get_array_length(env, argv[1], &nm2) != napi_ok || nm != nm2 ||
      napi_get_array_length(env, argv[2], &nfl) != napi_ok || nfl != 2) {
    napi_throw_error(env, NULL, "count kernel: mekkoWithin(matched[][], modeled[][], [filter, filter], out, ids) with as many markets in both");
    return NULL;
  }
  double *out = float_out(env, argv[3], 2 + 2 * (size_t)nm);
  if (!out) {
    napi_throw_error(env, NULL, "count kernel: out must be a Float64Array of 2 + 2 * markets");
    return NULL;
  }
  uint64_t *acc = blocks(3 * KEYS + 2);
  if (!acc) {
    napi_throw_error(env, NULL, "count kernel: out of memory");
    return NULL;
  }
  /* per key: the market's block, the total's, the filter's; then two scratch blocks */
  uint64_t *total = acc + (size_t)WORDS * KEYS, *fw = total + (size_t)WORDS * KEYS, *t1 = fw + (size_t)WORDS * KEYS, *t2 = t1 + WORDS;
  uint32_t *lens = malloc(sizeof(uint32_t) * (nm + 1));
  napi_value *lists = malloc(sizeof(napi_value) * (nm + 1));
  if (!lens || !lists) {
    free(lens);
    free(lists);
    napi_throw_error(env, NULL, "count kernel: out of memory");
    return NULL;
  }
  const char *err = NULL;
  size_t id_base = 0;
  for (int kind = 0; kind < 2 && !err; kind++) {
    size_t all = 0, nf = 0;
    uint32_t n;
    filter_t f;
    napi_value flists[2 * MAX_GROUPS], fv;
    if (!list_shape(env, argv[kind], nm, &n, lens, lists, &all)) {
      err = "count kernel: a market must be an array of buffers";
      break;
    }
    if (napi_get_element(env, argv[2], kind, &fv) != napi_ok || !filter_shape(env, fv, &f, flists, &nf)) {
      err = "count kernel: " FILTER_ARG;
      break;
    }
    double *ids = float_out(env, argv[4], id_base + all);
    if (!ids) {
      err = "count kernel: ids must be a Float64Array of one number per segment of every market, matched and modeled";
      break;
    }
    ids += id_base;
    shard_t *segs = shard_slots(all + nf ? all + nf : 1);
    if (!segs) {
      err = "count kernel: out of memory";
      break;
    }
    int ok = 1;
    size_t at = 0;
    for (uint32_t m = 0; ok && m < nm; m++) {
      uint32_t k = lens[m];
      ok = read_buffers(env, lists[m], segs + at, &k);
      at += lens[m];
    }
    if (!ok || !filter_read(env, &f, flists, segs + all)) {
      err = "count kernel: markets and the filter's groups must hold portable roaring buffers of one shard";
      break;
    }
    /* The filter built for every key first, then the markets as in mekko, within it. */
    uint8_t live[KEYS];
    for (int key = 0; key < KEYS; key++) live[key] = filter_at(&f, key, fw + (size_t)WORDS * key, t1, t2, simd) != 0;
    mekko_kind(segs, lens, nm, fw, live, acc, total, out, kind, ids, simd);
    id_base += all;
  }
  free(lens);
  free(lists);
  if (err) napi_throw_error(env, NULL, err);
  return NULL;
}

/*
 * countsWithin(bufs: Buffer[], filter, out: Float64Array): for one shard adds [|F|, |S_i ∩ F| ...]
 * into out (1 + n).
 */
static napi_value CountsWithin(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  void *path;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, &path));
  int simd = uses_simd(path);
  uint32_t n;
  if (argc < 3 || napi_get_array_length(env, argv[0], &n) != napi_ok) {
    napi_throw_error(env, NULL, "count kernel: countsWithin(bufs, filter, out)");
    return NULL;
  }
  filter_t f;
  napi_value lists[2 * MAX_GROUPS];
  size_t nf = 0;
  if (!filter_shape(env, argv[1], &f, lists, &nf)) {
    napi_throw_error(env, NULL, "count kernel: " FILTER_ARG);
    return NULL;
  }
  double *out = float_out(env, argv[2], 1 + (size_t)n);
  if (!out) {
    napi_throw_error(env, NULL, "count kernel: out must be a Float64Array of 1 + buffers");
    return NULL;
  }
  shard_t *segs = shard_slots(n + nf ? n + nf : 1);
  uint64_t *fw = blocks(3);
  if (!segs || !fw) {
    napi_throw_error(env, NULL, "count kernel: out of memory");
    return NULL;
  }
  uint32_t k = n;
  if (!read_buffers(env, argv[0], segs, &k) || !filter_read(env, &f, lists, segs + n)) {
    napi_throw_error(env, NULL, "count kernel: bufs and the filter's groups must hold portable roaring buffers of one shard");
    return NULL;
  }
  for (int key = 0; key < KEYS; key++) {
    uint64_t fc = filter_at(&f, key, fw, fw + WORDS, fw + 2 * WORDS, simd);
    if (fc == 0) continue;
    out[0] += (double)fc;
    for (uint32_t i = 0; i < n; i++)
      if (segs[i].type[key] != C_NONE) out[1 + i] += (double)container_meet(&segs[i], key, fw, simd);
  }
  return NULL;
}

/* sizes(bufs: Buffer[], out: Float64Array): adds each buffer's member count (from its header) into out. */
static napi_value Sizes(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  uint32_t n;
  if (argc < 2 || napi_get_array_length(env, argv[0], &n) != napi_ok) {
    napi_throw_error(env, NULL, "count kernel: sizes(buffers, out)");
    return NULL;
  }
  double *out = float_out(env, argv[1], n);
  if (!out) {
    napi_throw_error(env, NULL, "count kernel: out must be a Float64Array of one number per buffer");
    return NULL;
  }
  for (uint32_t i = 0; i < n; i++) {
    napi_value el;
    void *data;
    size_t len;
    shard_t one;
    if (napi_get_element(env, argv[0], i, &el) != napi_ok || napi_get_buffer_info(env, el, &data, &len) != napi_ok || !parse((const uint8_t *)data, len, &one)) {
      napi_throw_error(env, NULL, "count kernel: sizes needs portable roaring buffers of one shard");
      return NULL;
    }
    out[i] += (double)one.total;
  }
  return NULL;
}

/* Sets the kernel's functions on `target`, all taking `path`. */
static int define_functions(napi_env env, napi_value target, const int *path) {
  static const struct {
    const char *name;
    napi_callback cb;
  } fns[] = {{"overlap", Overlap},          {"mekko", Mekko},   {"sizes", Sizes}, {"overlapWithin", OverlapWithin},
             {"mekkoWithin", MekkoWithin}, {"countsWithin", CountsWithin}};
  for (size_t i = 0; i < sizeof(fns) / sizeof(fns[0]); i++) {
    napi_value fn;
    if (napi_create_function(env, fns[i].name, NAPI_AUTO_LENGTH, fns[i].cb, (void *)path, &fn) != napi_ok) return 0;
    if (napi_set_named_property(env, target, fns[i].name, fn) != napi_ok) return 0;
  }
  return 1;
}

static napi_value Init(napi_env env, napi_value exports) {
#if KERNEL_X86
  __builtin_cpu_init();
  has_vpopcnt = __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("avx512f");
#endif
  /* exports: the best path for this CPU; exports.portable: the same functions on plain C. */
  napi_value portable, flag, arch;
  if (!define_functions(env, exports, &PATH_BEST)) return NULL;
  if (napi_create_object(env, &portable) != napi_ok || !define_functions(env, portable, &PATH_PORTABLE)) return NULL;
  napi_get_boolean(env, 0, &flag);
  napi_set_named_property(env, portable, "avx512", flag);
  napi_set_named_property(env, exports, "portable", portable);
  napi_get_boolean(env, has_vpopcnt == 1, &flag);
  napi_set_named_property(env, exports, "avx512", flag);
  napi_create_string_utf8(env, KERNEL_X86 ? "x86" : "portable-only", NAPI_AUTO_LENGTH, &arch);
  napi_set_named_property(env, exports, "build", arch);
  return exports;
}

NAPI_MODULE_INIT() { return Init(env, exports); }
