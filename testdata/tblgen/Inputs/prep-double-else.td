#ifdef X
#else
#else
#endif
