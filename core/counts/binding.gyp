{
  "targets": [
    {
      "target_name": "count_kernel",
      "sources": ["native/kernel.c"],
      "cflags": ["-O3", "-std=gnu11", "-Wall", "-Wno-unused-function"],
      "cflags!": ["-O2"]
    }
  ]
}
