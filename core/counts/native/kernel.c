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

/* ORs an array container's members into dense words. */
static void or_array(const uint8_t *data, uint32_t card, uint64_t *w) {
  for (uint32_t i = 0; i < card; i++) {
    uint16_t v;
    memcpy(&v, data + 2 * i, 2);
    w[v >> 6] |= 1ULL << (v & 63);
  }
}

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

/* simd: this call may use AVX-512 (the CPU has it and the caller did not ask for the portable path). */
static inline uint64_t and_count(const uint64_t *a, const uint64_t *b, int simd) {
#if KERNEL_X86
  if (simd) return and_count_512(a, b);
#else
  (void)simd;
#endif
  return and_count_scalar(a, b);
}

static inline uint64_t count_words(const uint64_t *a, int simd) {
#if KERNEL_X86
  if (simd) return count_512(a);
#else
  (void)simd;
#endif
  return count_scalar(a);
}

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
  shard_t *ys = xs + nx;
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
    for (uint32_t i = 0; i < nx; i++) {
      if (vx[i].card == 0) continue;
      for (uint32_t j = 0; j < ny; j++) cells[(size_t)i * ny + j] += (double)meet(&vx[i], &vy[j], simd);
    }
  }
  return NULL;
}

static void or_into(uint64_t *acc, const shard_t *s, int key) {
  const uint8_t *d = s->data[key];
  switch (s->type[key]) {
    case C_BITMAP: {
      const uint64_t *w = (const uint64_t *)d;
      for (int i = 0; i < WORDS; i++) acc[i] |= w[i];
      break;
    }
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
  uint64_t *acc = blocks(2);
  if (!acc) {
    napi_throw_error(env, NULL, "count kernel: out of memory");
    return NULL;
  }
  uint64_t *total = acc + WORDS;
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
    for (int key = 0; key < KEYS; key++) {
      int any_total = 0;
      memset(total, 0, 8 * WORDS);
      size_t first = 0;
      for (uint32_t m = 0; m < nm; m++) {
        int any = 0;
        for (uint32_t s = 0; s < lens[m]; s++) any |= segs[first + s].type[key] != C_NONE;
        if (any) {
          memset(acc, 0, 8 * WORDS);
          for (uint32_t s = 0; s < lens[m]; s++) or_into(acc, &segs[first + s], key);
          out[2 + 2 * m + kind] += (double)count_words(acc, simd);
          for (int i = 0; i < WORDS; i++) total[i] |= acc[i];
          any_total = 1;
        }
        first += lens[m];
      }
      if (any_total) out[kind] += (double)count_words(total, simd);
    }
    free(lens);
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

/* Sets overlap, mekko and sizes on `target`, all taking `path`. */
static int define_functions(napi_env env, napi_value target, const int *path) {
  static const struct {
    const char *name;
    napi_callback cb;
  } fns[] = {{"overlap", Overlap}, {"mekko", Mekko}, {"sizes", Sizes}};
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
