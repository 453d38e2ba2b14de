/* Freestanding driver for load_after_stores.ll under qemu-hexagon: exit status = number of wrong elements of out. */
void kernel(int *a, int *out, int *out2);
void use(int *buf, int *out2) { for (int i = 0; i < 16; i++) out2[i] = buf[i] + 1; }
static int a[16] __attribute__((aligned(128))), out[16] __attribute__((aligned(128))), out2[16];
void start_c(void) {
  for (int i = 0; i < 16; i++) a[i] = i + 1;
  kernel(a, out, out2);
  int bad = 0;
  for (int i = 0; i < 16; i++) bad += out[i] != 3 * (i + 1) + 1;
  register long r0 __asm__("r0") = bad;
  register long r6 __asm__("r6") = 94; /* exit_group */
  __asm__ volatile("trap0(#1)" : : "r"(r0), "r"(r6) : "memory");
  for (;;) {}
}
__asm__(".globl _start\n.type _start,@function\n_start:\n  jump start_c\n");
