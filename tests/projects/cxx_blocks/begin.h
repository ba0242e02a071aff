/* begin.h / end.h - a C linkage block opened in one header and closed in
 * another (BEGIN_C_DECLS / END_C_DECLS style). */
#ifdef __cplusplus
extern "C" {
#endif
