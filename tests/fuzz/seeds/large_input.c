//! --explain -DK=3
#include <stdlib.h>
static double f0(const double *a, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f1(const double *a, long n)
{
    double s = 1;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f2(const double *a, long n)
{
    double s = 2;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f3(const double *a, long n)
{
    double s = 3;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f4(const double *a, long n)
{
    double s = 4;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f5(const double *a, long n)
{
    double s = 5;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f6(const double *a, long n)
{
    double s = 6;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f7(const double *a, long n)
{
    double s = 7;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f8(const double *a, long n)
{
    double s = 8;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f9(const double *a, long n)
{
    double s = 9;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f10(const double *a, long n)
{
    double s = 10;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f11(const double *a, long n)
{
    double s = 11;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f12(const double *a, long n)
{
    double s = 12;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f13(const double *a, long n)
{
    double s = 13;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f14(const double *a, long n)
{
    double s = 14;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f15(const double *a, long n)
{
    double s = 15;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f16(const double *a, long n)
{
    double s = 16;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f17(const double *a, long n)
{
    double s = 17;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f18(const double *a, long n)
{
    double s = 18;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f19(const double *a, long n)
{
    double s = 19;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f20(const double *a, long n)
{
    double s = 20;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f21(const double *a, long n)
{
    double s = 21;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f22(const double *a, long n)
{
    double s = 22;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f23(const double *a, long n)
{
    double s = 23;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f24(const double *a, long n)
{
    double s = 24;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f25(const double *a, long n)
{
    double s = 25;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f26(const double *a, long n)
{
    double s = 26;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f27(const double *a, long n)
{
    double s = 27;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f28(const double *a, long n)
{
    double s = 28;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f29(const double *a, long n)
{
    double s = 29;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f30(const double *a, long n)
{
    double s = 30;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f31(const double *a, long n)
{
    double s = 31;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f32(const double *a, long n)
{
    double s = 32;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f33(const double *a, long n)
{
    double s = 33;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f34(const double *a, long n)
{
    double s = 34;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f35(const double *a, long n)
{
    double s = 35;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f36(const double *a, long n)
{
    double s = 36;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f37(const double *a, long n)
{
    double s = 37;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f38(const double *a, long n)
{
    double s = 38;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f39(const double *a, long n)
{
    double s = 39;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f40(const double *a, long n)
{
    double s = 40;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f41(const double *a, long n)
{
    double s = 41;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f42(const double *a, long n)
{
    double s = 42;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f43(const double *a, long n)
{
    double s = 43;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f44(const double *a, long n)
{
    double s = 44;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f45(const double *a, long n)
{
    double s = 45;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f46(const double *a, long n)
{
    double s = 46;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f47(const double *a, long n)
{
    double s = 47;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f48(const double *a, long n)
{
    double s = 48;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f49(const double *a, long n)
{
    double s = 49;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f50(const double *a, long n)
{
    double s = 50;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f51(const double *a, long n)
{
    double s = 51;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f52(const double *a, long n)
{
    double s = 52;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f53(const double *a, long n)
{
    double s = 53;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f54(const double *a, long n)
{
    double s = 54;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f55(const double *a, long n)
{
    double s = 55;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f56(const double *a, long n)
{
    double s = 56;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f57(const double *a, long n)
{
    double s = 57;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f58(const double *a, long n)
{
    double s = 58;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
static double f59(const double *a, long n)
{
    double s = 59;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * K;
    return s;
}
int main(void)
{
    double *a = calloc(100, sizeof *a), t = 0;
    t += f0(a, 100);
    t += f1(a, 100);
    t += f2(a, 100);
    t += f3(a, 100);
    t += f4(a, 100);
    t += f5(a, 100);
    t += f6(a, 100);
    t += f7(a, 100);
    t += f8(a, 100);
    t += f9(a, 100);
    t += f10(a, 100);
    t += f11(a, 100);
    t += f12(a, 100);
    t += f13(a, 100);
    t += f14(a, 100);
    t += f15(a, 100);
    t += f16(a, 100);
    t += f17(a, 100);
    t += f18(a, 100);
    t += f19(a, 100);
    t += f20(a, 100);
    t += f21(a, 100);
    t += f22(a, 100);
    t += f23(a, 100);
    t += f24(a, 100);
    t += f25(a, 100);
    t += f26(a, 100);
    t += f27(a, 100);
    t += f28(a, 100);
    t += f29(a, 100);
    t += f30(a, 100);
    t += f31(a, 100);
    t += f32(a, 100);
    t += f33(a, 100);
    t += f34(a, 100);
    t += f35(a, 100);
    t += f36(a, 100);
    t += f37(a, 100);
    t += f38(a, 100);
    t += f39(a, 100);
    t += f40(a, 100);
    t += f41(a, 100);
    t += f42(a, 100);
    t += f43(a, 100);
    t += f44(a, 100);
    t += f45(a, 100);
    t += f46(a, 100);
    t += f47(a, 100);
    t += f48(a, 100);
    t += f49(a, 100);
    t += f50(a, 100);
    t += f51(a, 100);
    t += f52(a, 100);
    t += f53(a, 100);
    t += f54(a, 100);
    t += f55(a, 100);
    t += f56(a, 100);
    t += f57(a, 100);
    t += f58(a, 100);
    t += f59(a, 100);
    free(a);
    return (int)t;
}
