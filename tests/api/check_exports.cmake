# cmake -DLIB=<shared library> -DNM=<nm> -P check_exports.cmake
# Fails unless every defined dynamic symbol is secp256k1_* or fastsecp_*, and the fastsecp_*
# ones are exactly the functions of include/fastsecp.h, include/fastsecp_wallet.h and include/fastsecp_gpu.h.
execute_process(COMMAND ${NM} -D --defined-only ${LIB} OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm failed on ${LIB}")
endif()
string(REPLACE "\n" ";" lines "${out}")
set(fastsecp_syms "")
set(n_secp 0)
foreach(line IN LISTS lines)
  if(line STREQUAL "")
    continue()
  endif()
  string(REGEX REPLACE "^.* " "" sym "${line}")
  if(sym MATCHES "^__odr_asan")
    continue()  # AddressSanitizer's one-definition-rule markers (sanitizer builds only)
  endif()
  if(sym MATCHES "^fastsecp_")
    list(APPEND fastsecp_syms ${sym})
  elseif(sym MATCHES "^secp256k1_")
    math(EXPR n_secp "${n_secp} + 1")
  else()
    message(FATAL_ERROR "unexpected exported symbol: ${sym}")
  endif()
endforeach()
list(SORT fastsecp_syms)
set(want fastsecp_ctx_create fastsecp_ctx_destroy fastsecp_ctx_threads fastsecp_ecdsa_verify_batch
         fastsecp_pubkey_create_batch fastsecp_pubkey_tweak_add_batch fastsecp_pubkey_tweak_mul_batch
         fastsecp_schnorr_verify_batch fastsecp_sp_scan fastsecp_sp_scan_prefilter fastsecp_sp_scan_prefilter_items
         fastsecp_sp_wallet_create fastsecp_sp_wallet_create_from_points fastsecp_sp_wallet_destroy
         fastsecp_strerror fastsecp_version fastsecp_version_string
         # include/fastsecp_wallet.h
         fastsecp_address fastsecp_address_batch fastsecp_base58check_decode fastsecp_base58check_encode
         fastsecp_bech32_decode fastsecp_bech32_encode fastsecp_bip32_path_parse fastsecp_coin_address
         fastsecp_coin_address_batch fastsecp_coin_from_symbol fastsecp_coin_get_info fastsecp_coin_path
         fastsecp_coin_wif_decode fastsecp_coin_wif_encode fastsecp_eth_address
         fastsecp_eth_address_parse fastsecp_eth_address_to_checksum fastsecp_eth_sign fastsecp_keccak256
         fastsecp_segwit_address_decode fastsecp_segwit_address_encode fastsecp_taproot_branch_hash
         fastsecp_taproot_control_block fastsecp_taproot_leaf_hash fastsecp_taproot_output_key
         fastsecp_taproot_sign_keypath fastsecp_taproot_tree_root fastsecp_taproot_tweak_seckey
         fastsecp_wif_decode fastsecp_wif_encode
         fastsecp_xkey_derive fastsecp_xkey_derive_path fastsecp_xkey_derive_range fastsecp_xkey_from_seed
         fastsecp_xkey_from_seed_path_batch fastsecp_xkey_neuter fastsecp_xkey_parse fastsecp_xkey_pubkey
         fastsecp_xkey_serialize
         # include/fastsecp_gpu.h
         fastsecp_gpu_ctx_backend fastsecp_gpu_ctx_create fastsecp_gpu_ctx_describe fastsecp_gpu_ctx_destroy
         fastsecp_gpu_ctx_stats fastsecp_gpu_ecdsa_verify_batch fastsecp_gpu_ecmult_gen_batch
         fastsecp_gpu_list_devices fastsecp_gpu_pubkey_tweak_mul_batch fastsecp_gpu_schnorr_verify_batch
         fastsecp_gpu_sp_scan fastsecp_gpu_sp_scan_prefilter_items)
list(SORT want)
if(NOT fastsecp_syms STREQUAL want)
  message(FATAL_ERROR "fastsecp_* exports differ:\n  got:  ${fastsecp_syms}\n  want: ${want}")
endif()
if(n_secp LESS 50)
  message(FATAL_ERROR "only ${n_secp} secp256k1_* symbols exported")
endif()
list(LENGTH fastsecp_syms n_fast)
message(STATUS "${n_secp} secp256k1_* and ${n_fast} fastsecp_* symbols, nothing else")
