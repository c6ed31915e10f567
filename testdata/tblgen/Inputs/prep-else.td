#ifdef X
#else junk
#endif
