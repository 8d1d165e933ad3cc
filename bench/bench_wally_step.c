// One BIP-32 private derivation step: fastsecp_xkey_derive (and, with "p", derive + the child's
// fastsecp_xkey_pubkey) vs libwally's bip32_key_from_parent, whose extended key carries its public
// key. libwally is the wallycore wheel's extension module (pip download wallycore), dlopen'ed with
// RTLD_DEEPBIND so it keeps its own libsecp256k1; not built by CMake (docs/BENCHMARKS.md has the
// command). Usage: bench_wally_step /path/_wallycore.so [n|h|p]. Interleaved rounds, median ns.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fastsecp.h>
#include <fastsecp_wallet.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
static int cmp(const void*a,const void*b){double x=*(double*)a,y=*(double*)b;return x<y?-1:x>y;}
int main(int argc,char**argv){
  if(!dlopen("libpython3.11.so.1.0",RTLD_NOW|RTLD_GLOBAL)){fprintf(stderr,"%s\n",dlerror());return 1;}
  void*h=dlopen(argv[1],RTLD_NOW|RTLD_LOCAL|RTLD_DEEPBIND); if(!h){fprintf(stderr,"%s\n",dlerror());return 1;}
  int(*w_init)(unsigned)=dlsym(h,"wally_init");
  int(*w_seed)(const unsigned char*,size_t,unsigned,unsigned,void*)=dlsym(h,"bip32_key_from_seed");
  int(*w_parent)(const void*,unsigned,unsigned,void*)=dlsym(h,"bip32_key_from_parent");
  w_init(0);
  unsigned char seed[32]; for(int i=0;i<32;i++) seed[i]=i*7+1;
  static unsigned char wk[1024], wc[1024];
  if(w_seed(seed,32,0x0488ADE4,0,wk)!=0){puts("wally seed");return 1;}
  fastsecp_ctx*ctx; if(fastsecp_ctx_create(&ctx,NULL)) return 1;
  fastsecp_xkey m,c;
  if(fastsecp_xkey_from_seed(ctx,&m,seed,32,FASTSECP_XKEY_XPRV)){puts("fs seed");return 1;}
  int N=2000,R=15; double to[32],tw[32]; unsigned hard=(argc>2&&argv[2][0]=='h')?0x80000000u:0; int withpub=argc>2&&argv[2][0]=='p'; unsigned char pk[33];
  for(int r=0;r<R;r++){
    double t0=now(); for(int i=0;i<N;i++) { if(fastsecp_xkey_derive(ctx,&c,&m,hard+i)) return 2; if(withpub&&fastsecp_xkey_pubkey(ctx,pk,NULL,&c)) return 4; }
    double t1=now(); for(int i=0;i<N;i++) if(w_parent(wk,hard+i,0,wc)) return 3;  /* BIP32_FLAG_KEY_PRIVATE */
    double t2=now(); to[r]=(t1-t0)/N; tw[r]=(t2-t1)/N;
  }
  qsort(to,R,sizeof(double),cmp); qsort(tw,R,sizeof(double),cmp);
  printf("%s step: fastsecp %.0f ns, libwally %.0f ns, ratio (wally/fastsecp) %.2f\n",withpub?"normal step + child pubkey":hard?"hardened":"normal",to[R/2],tw[R/2],tw[R/2]/to[R/2]);
  return 0;
}
