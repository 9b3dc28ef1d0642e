{
  "targets": [
    {
      "target_name": "count_kernel",
      "sources": ["native/kernel.c"],
      "cflags": ["-O3", "-std=gnu11", "-Wall", "-Wno-unused-function"],
      "cflags!": ["-O2"],
      "conditions": [
        [
          "OS=='mac'",
          {
            "xcode_settings": {
              "GCC_OPTIMIZATION_LEVEL": "3",
              "GCC_C_LANGUAGE_STANDARD": "gnu11",
              "WARNING_CFLAGS": ["-Wall", "-Wno-unused-function"]
            }
          }
        ]
      ]
    }
  ]
}
