/* end.h - closes begin.h's block. */
#ifdef __cplusplus
}
#endif
