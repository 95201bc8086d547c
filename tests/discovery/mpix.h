/* Stand-in for the Blue Gene/Q mpix.h (MPIX_Hardware and its struct, as IBM's header declares them), so that
 * the BG/Q path of topology discovery compiles and runs here. */
#ifndef TAMP_STAND_IN_MPIX_H
#define TAMP_STAND_IN_MPIX_H
#include <mpi.h>

#if defined(__cplusplus)
extern "C" {
#endif

#define MPIX_TORUS_MAX_DIMS 5 /* A B C D E; the core (T) is not a torus dimension */

typedef struct {
  unsigned prank;    /* physical rank of the node */
  unsigned psize;    /* size of the partition */
  unsigned ppn;      /* processes per node */
  unsigned coreID;   /* core + thread of this process, 0..63 */
  unsigned clockMHz;
  unsigned memSize;
  unsigned torus_dimension;
  unsigned Size[MPIX_TORUS_MAX_DIMS];
  unsigned Coords[MPIX_TORUS_MAX_DIMS];
  unsigned isTorus[MPIX_TORUS_MAX_DIMS];
  unsigned rankInPset;
  unsigned sizeOfPset;
  unsigned idOfPset;
} MPIX_Hardware_t;

int MPIX_Hardware(MPIX_Hardware_t* hw);

#if defined(__cplusplus)
}
#endif
#endif
