/* kernelfuzz Hexagon harness: a freestanding program that runs one TVM kernel under
 * qemu-hexagon (or on a device).  Compiled once per CPU version and cached; each kernel
 * object is linked to it with --defsym=kernel_entry=__tvm_ffi_<name>.
 *
 *   prog ARGS.bin OUT.bin
 *
 * ARGS.bin (little endian): "KFH1", int32 nargs, then per argument int32 ndim, dtype code,
 * dtype bits, is_output, int64 shape[ndim], int64 nbytes, then the bytes of every input in
 * order.  OUT.bin receives the bytes of every output in order.
 *
 * Exit status: 0 ran; 2 the kernel reported an error (argument check); 3 a buffer's canary
 * was overwritten (out-of-bounds write); 4 bad arguments or I/O.  A guest fault ends the
 * process with a signal.  Provides what a static link leaves undefined: the TVM runtime entry
 * points (error reporting, workspaces, parallel launch run serially), integer division
 * helpers, memset/memcpy and the math the workload op set needs (nearbyintf, expf).
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef int i32;
typedef unsigned int u32;
typedef long long i64;
typedef unsigned long long u64;
typedef unsigned int size_t;

/* ------------------------------------------------------------------ syscalls (asm-generic) */

static long sys3(long n, long a, long b, long c) {
  register long r0 __asm__("r0") = a;
  register long r1 __asm__("r1") = b;
  register long r2 __asm__("r2") = c;
  register long r6 __asm__("r6") = n;
  __asm__ volatile("trap0(#1)" : "+r"(r0) : "r"(r1), "r"(r2), "r"(r6) : "memory");
  return r0;
}
static long sys4(long n, long a, long b, long c, long d) {
  register long r0 __asm__("r0") = a;
  register long r1 __asm__("r1") = b;
  register long r2 __asm__("r2") = c;
  register long r3 __asm__("r3") = d;
  register long r6 __asm__("r6") = n;
  __asm__ volatile("trap0(#1)" : "+r"(r0) : "r"(r1), "r"(r2), "r"(r3), "r"(r6) : "memory");
  return r0;
}
#define SYS_openat 56
#define SYS_close 57
#define SYS_read 63
#define SYS_write 64
#define SYS_exit_group 94
#define AT_FDCWD (-100)

static void die(int code) { sys3(SYS_exit_group, code, 0, 0); for (;;) {} }
static size_t slen(const char *s) { size_t n = 0; while (s[n]) n++; return n; }
static void say(const char *s) { sys3(SYS_write, 2, (long)s, slen(s)); }

/* ------------------------------------------------------------------ compiler runtime */

void *memset(void *d, int c, size_t n) { volatile u8 *p = d; while (n--) *p++ = (u8)c; return d; }
void *memcpy(void *d, const void *s, size_t n) {
  volatile u8 *p = d; const u8 *q = s; while (n--) *p++ = *q++; return d;
}
/* LLVM's Hexagon backend calls this for aligned block copies (multiples of 8 bytes, >= 32) */
void *__hexagon_memcpy_likely_aligned_min32bytes_mult8bytes(void *d, const void *s, size_t n) {
  return memcpy(d, s, n);
}
void *memmove(void *d, const void *s, size_t n) {
  volatile u8 *p = d; const u8 *q = s;
  if (p < q) { while (n--) *p++ = *q++; } else { p += n; q += n; while (n--) *--p = *--q; }
  return d;
}

static u64 udiv64(u64 n, u64 d, u64 *rem) {
  u64 q = 0, r = 0;
  for (int i = 63; i >= 0; i--) {
    r = (r << 1) | ((n >> i) & 1);
    if (r >= d) { r -= d; q |= 1ULL << i; }
  }
  if (rem) *rem = r;
  return q;
}
u32 __hexagon_udivsi3(u32 a, u32 b) { return (u32)udiv64(a, b, 0); }
u32 __hexagon_umodsi3(u32 a, u32 b) { u64 r; udiv64(a, b, &r); return (u32)r; }
i32 __hexagon_divsi3(i32 a, i32 b) {
  u32 q = __hexagon_udivsi3(a < 0 ? -(u32)a : (u32)a, b < 0 ? -(u32)b : (u32)b);
  return (a < 0) != (b < 0) ? -(i32)q : (i32)q;
}
i32 __hexagon_modsi3(i32 a, i32 b) {
  u32 r = __hexagon_umodsi3(a < 0 ? -(u32)a : (u32)a, b < 0 ? -(u32)b : (u32)b);
  return a < 0 ? -(i32)r : (i32)r;
}
u64 __hexagon_udivdi3(u64 a, u64 b) { return udiv64(a, b, 0); }
u64 __hexagon_umoddi3(u64 a, u64 b) { u64 r; udiv64(a, b, &r); return r; }
i64 __hexagon_divdi3(i64 a, i64 b) {
  u64 q = udiv64(a < 0 ? -(u64)a : (u64)a, b < 0 ? -(u64)b : (u64)b, 0);
  return (a < 0) != (b < 0) ? -(i64)q : (i64)q;
}
i64 __hexagon_moddi3(i64 a, i64 b) {
  u64 r; udiv64(a < 0 ? -(u64)a : (u64)a, b < 0 ? -(u64)b : (u64)b, &r);
  return a < 0 ? -(i64)r : (i64)r;
}

/* round half to even: adding and subtracting 2^23 rounds in the FPU's (nearest-even) mode */
float nearbyintf(float x) {
  volatile float big = 8388608.0f;
  if (!(x < 8388608.0f && x > -8388608.0f)) return x;
  volatile float t = x >= 0 ? (x + big) - big : (x - big) + big;
  return t == 0 ? x * 0.0f : t;
}
float rintf(float x) { return nearbyintf(x); }
float roundevenf(float x) { return nearbyintf(x); }

/* exp(x) = 2^k * exp(r), |r| <= ln2/2, degree-7 polynomial: within 2 ulp of the true value */
float expf(float x) {
  if (x != x) return x;
  if (x > 88.72283935546875f) return 1.0f / 0.0f;
  if (x < -103.97208404541015625f) return 0.0f;
  float kf = nearbyintf(x * 1.44269502162933349609375f);
  i32 k = (i32)kf;
  float r = (x - kf * 0.693145751953125f) - kf * 1.428606765330187045e-06f;
  float p = 1.0f + r * (1.0f + r * (0.5f + r * (0.16666667f + r * (0.041666668f + r * (0.008333334f
            + r * (0.0013888889f + r * 0.0001984127f))))));
  union { float f; u32 u; } s;
  if (k < -125) { s.u = (u32)(k + 100 + 127) << 23; return p * s.f * 7.888609052210118e-31f; } /* 2^-100 */
  if (k > 127) { s.u = (u32)(k - 1 + 127) << 23; return p * s.f * 2.0f; }
  s.u = (u32)(k + 127) << 23;
  return p * s.f;
}

/* correctly rounded square root, bit by bit on the integer significand (after fdlibm's e_sqrtf.c, which
   this follows; round to nearest: a non-zero remainder rounds the guard bit up when it is set) */
float sqrtf(float x) {
  union { float f; i32 i; } v = { x };
  i32 ix = v.i, m, q = 0, s = 0, t;
  if ((ix & 0x7f800000) == 0x7f800000) return x * x + x; /* NaN, +Inf; -Inf gives NaN */
  if ((ix & 0x7fffffff) == 0) return x;                 /* +-0 */
  if (ix < 0) { v.i = 0x7fc00000; return v.f; }        /* negative: NaN (no division: no divsf3 here) */
  m = ix >> 23;
  if (m == 0) {                                         /* subnormal: normalize */
    i32 i = 0;
    for (; (ix & 0x00800000) == 0; i++) ix <<= 1;
    m -= i - 1;
  }
  m -= 127;
  ix = (ix & 0x007fffff) | 0x00800000;
  if (m & 1) ix += ix;
  m >>= 1;
  ix += ix;
  for (u32 r = 0x01000000; r != 0; r >>= 1) {
    t = s + (i32)r;
    if (t <= ix) { s = t + (i32)r; ix -= t; q += (i32)r; }
    ix += ix;
  }
  if (ix != 0) q += (q & 1);
  v.i = (q >> 1) + 0x3f000000 + (m << 23);
  return v.f;
}
float __hexagon_sqrtf(float x) { return sqrtf(x); }

/* ------------------------------------------------------------------ TVM runtime entry points */

typedef struct { i32 device_type, device_id; } DLDevice;
typedef struct { u8 code, bits; u16 lanes; } DLDataType;
typedef struct {
  void *data; DLDevice device; i32 ndim; DLDataType dtype; i64 *shape; i64 *strides; u64 byte_offset;
} DLTensor;
typedef struct { i32 type_index; i32 pad; union { i64 v_int64; double v_float64; void *v_ptr; } v; } TVMFFIAny;
typedef struct { void *sync_handle; i32 num_task; } TVMParallelGroupEnv;
typedef int (*FTVMParallelLambda)(int task_id, TVMParallelGroupEnv *penv, void *cdata);

static int kernel_failed;
void TVMFFIErrorSetRaisedFromCStrParts(const char *kind, const char **parts, i32 n) {
  say("kernel error: "); say(kind); say(": ");
  for (i32 i = 0; i < n; i++) if (parts[i]) say(parts[i]);
  say("\n");
  kernel_failed = 1;
}

#define ARENA_BYTES (192u << 20)
static u8 arena[ARENA_BYTES] __attribute__((aligned(128)));
static u32 arena_used;
static void *alloc(u32 n) {
  u32 at = (arena_used + 127u) & ~127u;
  if (at + n > ARENA_BYTES) { say("harness: out of memory\n"); die(4); }
  arena_used = at + n;
  return arena + at;
}
static void *alloc_workspace(int dev_type, int dev_id, u64 nbytes, int code, int bits) {
  (void)dev_type; (void)dev_id; (void)code; (void)bits;
  return alloc((u32)nbytes);
}
static int free_workspace(int dev_type, int dev_id, void *ptr) { (void)dev_type; (void)dev_id; (void)ptr; return 0; }
static int parallel_launch(FTVMParallelLambda f, void *cdata, int num_task) {
  (void)num_task;  /* run serially: one task covering the whole range */
  TVMParallelGroupEnv env = {0, 1};
  return f(0, &env, cdata);
}
/* the generated code calls these through weak function-pointer globals that a static link
 * leaves NULL: define them */
void *(*__TVMBackendAllocWorkspace)(int, int, u64, int, int) = alloc_workspace;
int (*__TVMBackendFreeWorkspace)(int, int, void *) = free_workspace;
int (*__TVMBackendParallelLaunch)(FTVMParallelLambda, void *, int) = parallel_launch;

/* ------------------------------------------------------------------ the program */

extern int kernel_entry(void *self, TVMFFIAny *args, i32 num_args, TVMFFIAny *result);

#define MAX_ARGS 32
#define CANARY 64
static u8 *read_file(const char *path, u32 *size) {
  long fd = sys4(SYS_openat, AT_FDCWD, (long)path, 0, 0);
  if (fd < 0) { say("harness: cannot open "); say(path); say("\n"); die(4); }
  u32 cap = 1u << 20, n = 0;
  u8 *buf = alloc(cap);
  for (;;) {
    if (n == cap) {  /* grow: the arena is a stack, so copy into a larger block */
      u8 *bigger = alloc(cap * 2);
      memcpy(bigger, buf, n);
      buf = bigger; cap *= 2;
    }
    long got = sys3(SYS_read, fd, (long)(buf + n), cap - n);
    if (got < 0) die(4);
    if (got == 0) break;
    n += (u32)got;
  }
  sys3(SYS_close, fd, 0, 0);
  *size = n;
  return buf;
}

static i64 rd(u8 **p, int bytes) {
  i64 v = 0;
  for (int i = 0; i < bytes; i++) v |= (i64)(*p)[i] << (8 * i);
  *p += bytes;
  return v;
}

void start_c(long *sp) {
  int argc = (int)sp[0];
  char **argv = (char **)(sp + 1);
  if (argc != 3) { say("usage: prog ARGS.bin OUT.bin\n"); die(4); }
  u32 size;
  u8 *p = read_file(argv[1], &size);
  if (size < 8 || p[0] != 'K' || p[1] != 'F' || p[2] != 'H' || p[3] != '1') { say("harness: bad ARGS.bin\n"); die(4); }
  p += 4;
  i32 nargs = (i32)rd(&p, 4);
  if (nargs > MAX_ARGS) die(4);
  static DLTensor tensors[MAX_ARGS];
  static TVMFFIAny args[MAX_ARGS];
  static i64 shapes[MAX_ARGS][8];
  static u64 nbytes[MAX_ARGS];
  static int is_output[MAX_ARGS];
  static u8 *blocks[MAX_ARGS];
  for (i32 a = 0; a < nargs; a++) {
    DLTensor *t = &tensors[a];
    t->ndim = (i32)rd(&p, 4);
    t->dtype.code = (u8)rd(&p, 4);
    t->dtype.bits = (u8)rd(&p, 4);
    t->dtype.lanes = 1;
    is_output[a] = (int)rd(&p, 4);
    for (i32 d = 0; d < t->ndim; d++) shapes[a][d] = rd(&p, 8);
    nbytes[a] = (u64)rd(&p, 8);
    t->shape = shapes[a];
    t->strides = 0;
    t->byte_offset = 0;
    t->device.device_type = 1;  /* kDLCPU */
    t->device.device_id = 0;
    blocks[a] = alloc((u32)nbytes[a] + 2 * CANARY);
    memset(blocks[a], 0xA5, (u32)nbytes[a] + 2 * CANARY);
    t->data = blocks[a] + CANARY;
    args[a].type_index = 7;  /* kTVMFFIDLTensorPtr */
    args[a].pad = 0;
    args[a].v.v_ptr = t;
  }
  for (i32 a = 0; a < nargs; a++)
    if (!is_output[a]) { memcpy(tensors[a].data, p, (u32)nbytes[a]); p += nbytes[a]; }
  TVMFFIAny result = {0, 0, {0}};
  int rc = kernel_entry(0, args, nargs, &result);
  if (rc != 0 || kernel_failed) { say("harness: kernel returned an error\n"); die(2); }
  for (i32 a = 0; a < nargs; a++) {
    for (u32 i = 0; i < CANARY; i++) {
      if (blocks[a][i] != 0xA5 || blocks[a][CANARY + nbytes[a] + i] != 0xA5) {
        say("harness: out-of-bounds write around argument buffer\n");
        die(3);
      }
    }
  }
  long fd = sys4(SYS_openat, AT_FDCWD, (long)argv[2], 01 | 0100 | 01000, 0644);  /* O_WRONLY|O_CREAT|O_TRUNC */
  if (fd < 0) die(4);
  for (i32 a = 0; a < nargs; a++) {
    u8 *q = tensors[a].data;
    for (u64 left = is_output[a] ? nbytes[a] : 0; left > 0;) {
      long n = sys3(SYS_write, fd, (long)q, (long)left);
      if (n <= 0) die(4);
      q += n; left -= (u64)n;
    }
  }
  sys3(SYS_close, fd, 0, 0);
  die(0);
}

__asm__(".globl _start\n"
        ".type _start,@function\n"
        "_start:\n"
        "  r0 = r29\n"
        "  jump start_c\n");
