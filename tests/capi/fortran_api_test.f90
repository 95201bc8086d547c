! The C API from Fortran (MFDn's language): a 4x4 5-point stencil on a 4x4 torus, mapped by name, evaluated, and an
! error path. Stops with a non-zero code when a check fails.
program fortran_api_test
  use, intrinsic :: iso_c_binding
  use tamp_mapping
  implicit none
  type(c_ptr) :: machine, graph, mapping
  type(tamp_metrics) :: metrics, random_metrics
  type(tamp_map_options) :: options
  integer(c_int64_t) :: offsets(17)
  integer(c_int) :: targets(64), slots(16), dims(2), periodic(2), n
  real(c_double) :: bytes(64)
  integer :: t, x, y, k, e, failures
  integer :: nx(4), ny(4)
  logical :: seen(0:15)

  failures = 0
  call check(tamp_machine_load("torus:4x4,cores=1", machine) == TAMP_OK, "machine_load")
  call check(tamp_machine_num_slots(machine, n) == TAMP_OK .and. n == 16, "num_slots")

  ! CSR of the 4x4 grid, 0-based as in C: task t = x + 4 y sends 8 bytes to each neighbour.
  e = 0
  offsets(1) = 0
  do t = 0, 15
    x = mod(t, 4)
    y = t / 4
    nx = [x - 1, x + 1, x, x]
    ny = [y, y, y - 1, y + 1]
    do k = 1, 4
      if (nx(k) < 0 .or. nx(k) > 3 .or. ny(k) < 0 .or. ny(k) > 3) cycle
      e = e + 1
      targets(e) = ny(k) * 4 + nx(k)
      bytes(e) = 8
    end do
    offsets(t + 2) = e
  end do
  call check(e == 48, "48 messages")
  call check(tamp_graph_from_csr(16, offsets, targets, bytes, graph) == TAMP_OK, "graph_from_csr")
  dims = [4, 4]
  periodic = [0, 0]
  call check(tamp_graph_set_grid(graph, 2, dims, periodic) == TAMP_OK, "set_grid")

  ! default: the grid lies on the torus as is: 48 messages x 8 bytes x 1 hop.
  call check(tamp_map(graph, machine, "default", mapping) == TAMP_OK, "map default")
  call check(tamp_evaluate(graph, machine, mapping, metrics) == TAMP_OK, "evaluate default")
  call check(metrics%messages == 48 .and. metrics%hop_bytes == 384d0 .and. metrics%max_dilation == 1, &
             "default hop-bytes 384")
  call check(tamp_mapping_get_slots(mapping, slots, 16) == TAMP_OK, "get_slots")
  call check(all(slots == [(t, t = 0, 15)]), "default slots are 0..15")
  call tamp_mapping_free(mapping)

  ! random with a seed, then random+refine: a permutation and no worse.
  call tamp_map_options_init(options)
  call check(options%seed == 1 .and. options%objective == TAMP_OBJECTIVE_HOP_BYTES, "options_init")
  options%seed = 42
  call check(tamp_map(graph, machine, "random", mapping, options) == TAMP_OK, "map random")
  call check(tamp_evaluate(graph, machine, mapping, random_metrics) == TAMP_OK, "evaluate random")
  call tamp_mapping_free(mapping)
  call check(tamp_map(graph, machine, "random+refine", mapping, options) == TAMP_OK, "map random+refine")
  call check(tamp_evaluate(graph, machine, mapping, metrics) == TAMP_OK, "evaluate random+refine")
  call check(metrics%hop_bytes <= random_metrics%hop_bytes, "refine is no worse")
  call check(tamp_mapping_get_slots(mapping, slots, 16) == TAMP_OK, "get_slots refined")
  seen = .false.
  do t = 1, 16
    if (slots(t) >= 0 .and. slots(t) <= 15) seen(slots(t)) = .true.
  end do
  call check(all(seen), "refined slots are a permutation")
  call tamp_mapping_free(mapping)

  call check(tamp_map(graph, machine, "auto", mapping) == TAMP_OK, "map auto")
  call check(tamp_evaluate(graph, machine, mapping, metrics) == TAMP_OK, "evaluate auto")
  call check(metrics%hop_bytes <= 384d0, "auto no worse than default")
  call tamp_mapping_free(mapping)

  ! Errors: a status and a message.
  call check(tamp_map(graph, machine, "no-such-algorithm", mapping) == TAMP_ERROR_INVALID, "unknown algorithm")
  call check(index(tamp_last_error(), "unknown mapping 'no-such-algorithm'") > 0, "error message")
  call tamp_graph_free(graph)
  call check(tamp_graph_load("stencil3d:2x2x2", graph) == TAMP_OK, "graph_load spec")
  call check(tamp_graph_num_tasks(graph, n) == TAMP_OK .and. n == 8, "generated graph has 8 tasks")
  call tamp_graph_free(graph)
  call tamp_machine_free(machine)

  if (failures > 0) then
    print '(a, i0, a)', "fortran_api_test: ", failures, " check(s) failed"
    error stop 1
  end if
  print '(a)', "fortran_api_test: all checks passed"

contains

  subroutine check(condition, what)
    logical, intent(in) :: condition
    character(len=*), intent(in) :: what
    if (.not. condition) then
      print '(a, a)', "check failed: ", what
      failures = failures + 1
    end if
  end subroutine check

end program fortran_api_test
