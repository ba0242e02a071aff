# pragreduceConfig.cmake: find_package(pragreduce) (installed by `make install`
# into PREFIX/lib/cmake/pragreduce; found with CMAKE_PREFIX_PATH=PREFIX).
#
# Provides:
#   pragreduce::pragreduce     the transpiler (imported executable)
#   pragreduce::pragreduce-cc  the C compiler driver (imported executable)
#   pragreduce::runtime        what a program with transpiled objects links
#                              (libpragreduce, for files transpiled with
#                              --runtime=library as pragreduce-cc does;
#                              CUDA::cudart, libstdc++), an interface library
#   pragreduce_target(<target> [GPU <arch>])
#       the C files of <target> that contain '#pragma reduce' are transpiled
#       and compiled by nvcc (the others by the C compiler, as before), and
#       <target> links pragreduce::runtime (a static library passes it on
#       to what links it). GPU: nvcc's -arch (sm_90, native; by default
#       native when a GPU is visible at build time, else sm_90).
#       Works through the target's C_COMPILER_LAUNCHER (Makefile and Ninja
#       generators): pragreduce-cc --host-cc <the C compiler> <its command>.
#   pragreduce_EXECUTABLE, pragreduce_CC: the two programs' paths.
#
# Needs the CUDA toolkit: find_package(CUDAToolkit) (CMake 3.17 or newer),
# which looks at CUDAToolkit_ROOT, CUDA_PATH, nvcc on the PATH and
# /usr/local/cuda.

get_filename_component(_pragreduce_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(pragreduce_EXECUTABLE "${_pragreduce_prefix}/bin/pragreduce")
set(pragreduce_CC "${_pragreduce_prefix}/bin/pragreduce-cc")
set(pragreduce_LIBRARY "${_pragreduce_prefix}/lib/libpragreduce.a")
unset(_pragreduce_prefix)

foreach(_pr_file IN ITEMS "${pragreduce_EXECUTABLE}" "${pragreduce_CC}" "${pragreduce_LIBRARY}")
  if(NOT EXISTS "${_pr_file}")
    set(pragreduce_FOUND FALSE)
    set(pragreduce_NOT_FOUND_MESSAGE "${_pr_file} is missing (reinstall pragreduce)")
    return()
  endif()
endforeach()
unset(_pr_file)

include(CMakeFindDependencyMacro)
find_dependency(CUDAToolkit)

if(NOT TARGET pragreduce::pragreduce)
  add_executable(pragreduce::pragreduce IMPORTED)
  set_target_properties(pragreduce::pragreduce PROPERTIES IMPORTED_LOCATION "${pragreduce_EXECUTABLE}")
endif()
if(NOT TARGET pragreduce::pragreduce-cc)
  add_executable(pragreduce::pragreduce-cc IMPORTED)
  set_target_properties(pragreduce::pragreduce-cc PROPERTIES IMPORTED_LOCATION "${pragreduce_CC}")
endif()
if(NOT TARGET pragreduce::runtime)
  add_library(pragreduce::runtime INTERFACE IMPORTED)
  set_target_properties(pragreduce::runtime PROPERTIES
    INTERFACE_LINK_LIBRARIES "${pragreduce_LIBRARY};CUDA::cudart;stdc++;m;pthread;dl;rt")
endif()

# what pragreduce_target puts before the C compiler, wherever it is called
set_property(GLOBAL PROPERTY pragreduce_LAUNCHER "${pragreduce_CC}")
if(CUDAToolkit_NVCC_EXECUTABLE)
  set_property(GLOBAL APPEND PROPERTY pragreduce_LAUNCHER "--nvcc=${CUDAToolkit_NVCC_EXECUTABLE}")
endif()

function(pragreduce_target target)
  cmake_parse_arguments(PARSE_ARGV 1 _pr "" "GPU" "")
  if(_pr_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "pragreduce_target: unknown arguments: ${_pr_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "pragreduce_target: ${target} is not a target")
  endif()
  get_target_property(_type ${target} TYPE)
  if(_type STREQUAL "INTERFACE_LIBRARY" OR _type STREQUAL "UTILITY")
    message(FATAL_ERROR "pragreduce_target: ${target} compiles no sources")
  endif()
  get_target_property(_old ${target} C_COMPILER_LAUNCHER)
  if(_old)
    message(WARNING "pragreduce_target: ${target}'s C compiler launcher (${_old}) is replaced by pragreduce-cc")
  endif()
  get_property(_launcher GLOBAL PROPERTY pragreduce_LAUNCHER)
  if(_pr_GPU)
    list(APPEND _launcher "--gpu=${_pr_GPU}")
  endif()
  list(APPEND _launcher "--host-cc")
  set_property(TARGET ${target} PROPERTY C_COMPILER_LAUNCHER "${_launcher}")
  if(_type STREQUAL "STATIC_LIBRARY" OR _type STREQUAL "OBJECT_LIBRARY")
    set_property(TARGET ${target} APPEND PROPERTY INTERFACE_LINK_LIBRARIES "$<LINK_ONLY:pragreduce::runtime>")
  else()
    set_property(TARGET ${target} APPEND PROPERTY LINK_LIBRARIES pragreduce::runtime)
  endif()
endfunction()
