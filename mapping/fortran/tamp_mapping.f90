! Fortran interface to the TAMP mapping module (the C API of tamp/mapping.h through iso_c_binding).
!
! Handles are type(c_ptr); functions return a status (TAMP_OK = 0) and tamp_last_error() gives the message.
! Ids are 0-based as in C: CSR offsets and targets, slots (slot s = node s / cores, core mod(s, cores)).
!
!   use tamp_mapping
!   type(c_ptr) :: machine, graph, mapping
!   integer(c_int) :: slots(16)
!   if (tamp_machine_load("torus:4x4,cores=1", machine) /= TAMP_OK) stop tamp_last_error()
!   status = tamp_graph_from_csr(16, offsets, targets, bytes, graph)
!   status = tamp_map(graph, machine, "auto", mapping)
!   status = tamp_mapping_get_slots(mapping, slots, 16)
!   call tamp_mapping_free(mapping); call tamp_graph_free(graph); call tamp_machine_free(machine)
module tamp_mapping
  use, intrinsic :: iso_c_binding
  implicit none
  private

  integer(c_int), parameter, public :: TAMP_OK = 0
  integer(c_int), parameter, public :: TAMP_ERROR_INVALID = 1
  integer(c_int), parameter, public :: TAMP_ERROR_PARSE = 2
  integer(c_int), parameter, public :: TAMP_ERROR_RUNTIME = 3
  integer(c_int), parameter, public :: TAMP_ERROR_MEMORY = 4
  integer(c_int), parameter, public :: TAMP_OBJECTIVE_HOP_BYTES = 0
  integer(c_int), parameter, public :: TAMP_OBJECTIVE_CONGESTION = 1
  integer(c_int), parameter, public :: TAMP_OBJECTIVE_TIME = 2

  ! struct tamp_map_options (seed is uint64_t in C: values above huge(0_c_int64_t) are not expressible here)
  type, bind(C), public :: tamp_map_options
    integer(c_int64_t) :: seed
    integer(c_int) :: objective
    integer(c_int) :: max_tasks_per_slot
    integer(c_int) :: refine_passes
    integer(c_int64_t) :: refine_work
    real(c_double) :: refine_seconds
    integer(c_int) :: threads
  end type tamp_map_options

  ! struct tamp_metrics
  type, bind(C), public :: tamp_metrics
    integer(c_int64_t) :: messages
    real(c_double) :: total_bytes
    real(c_double) :: hop_bytes
    real(c_double) :: hops_per_byte
    real(c_double) :: avg_dilation
    integer(c_int) :: max_dilation
    real(c_double) :: max_link_load
    real(c_double) :: mean_link_load
    real(c_double) :: max_congestion
    real(c_double) :: offnode_fraction
    real(c_double) :: predicted_comm_time
  end type tamp_metrics

  public :: tamp_last_error, tamp_machine_load, tamp_graph_load, tamp_map
  public :: tamp_machine_free, tamp_machine_num_slots, tamp_machine_num_nodes
  public :: tamp_graph_from_csr, tamp_graph_set_coordinates, tamp_graph_set_grid, tamp_graph_num_tasks
  public :: tamp_graph_free, tamp_map_options_init, tamp_mapping_from_slots, tamp_mapping_num_tasks
  public :: tamp_mapping_get_slots, tamp_mapping_free, tamp_evaluate

  ! Functions without strings are the C functions themselves.
  interface
    subroutine tamp_machine_free(machine) bind(C, name="tamp_machine_free")
      import :: c_ptr
      type(c_ptr), value :: machine
    end subroutine tamp_machine_free

    function tamp_machine_num_slots(machine, slots) bind(C, name="tamp_machine_num_slots") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: machine
      integer(c_int), intent(out) :: slots
      integer(c_int) :: status
    end function tamp_machine_num_slots

    function tamp_machine_num_nodes(machine, nodes) bind(C, name="tamp_machine_num_nodes") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: machine
      integer(c_int), intent(out) :: nodes
      integer(c_int) :: status
    end function tamp_machine_num_nodes

    function tamp_graph_from_csr(num_tasks, offsets, targets, bytes, graph) &
        bind(C, name="tamp_graph_from_csr") result(status)
      import :: c_ptr, c_int, c_int64_t, c_double
      integer(c_int), value :: num_tasks
      integer(c_int64_t), intent(in) :: offsets(*)
      integer(c_int), intent(in) :: targets(*)
      real(c_double), intent(in) :: bytes(*)
      type(c_ptr), intent(out) :: graph
      integer(c_int) :: status
    end function tamp_graph_from_csr

    function tamp_graph_set_coordinates(graph, dim, xyz) bind(C, name="tamp_graph_set_coordinates") result(status)
      import :: c_ptr, c_int, c_double
      type(c_ptr), value :: graph
      integer(c_int), value :: dim
      real(c_double), intent(in) :: xyz(*)
      integer(c_int) :: status
    end function tamp_graph_set_coordinates

    function tamp_graph_set_grid(graph, ndims, dims, periodic) bind(C, name="tamp_graph_set_grid") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: graph
      integer(c_int), value :: ndims
      integer(c_int), intent(in) :: dims(*)
      integer(c_int), intent(in) :: periodic(*)
      integer(c_int) :: status
    end function tamp_graph_set_grid

    function tamp_graph_num_tasks(graph, num_tasks) bind(C, name="tamp_graph_num_tasks") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: graph
      integer(c_int), intent(out) :: num_tasks
      integer(c_int) :: status
    end function tamp_graph_num_tasks

    subroutine tamp_graph_free(graph) bind(C, name="tamp_graph_free")
      import :: c_ptr
      type(c_ptr), value :: graph
    end subroutine tamp_graph_free

    subroutine tamp_map_options_init(options) bind(C, name="tamp_map_options_init")
      import :: tamp_map_options
      type(tamp_map_options), intent(out) :: options
    end subroutine tamp_map_options_init

    function tamp_mapping_from_slots(machine, num_tasks, slots, mapping) &
        bind(C, name="tamp_mapping_from_slots") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: machine
      integer(c_int), value :: num_tasks
      integer(c_int), intent(in) :: slots(*)
      type(c_ptr), intent(out) :: mapping
      integer(c_int) :: status
    end function tamp_mapping_from_slots

    function tamp_mapping_num_tasks(mapping, num_tasks) bind(C, name="tamp_mapping_num_tasks") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: mapping
      integer(c_int), intent(out) :: num_tasks
      integer(c_int) :: status
    end function tamp_mapping_num_tasks

    function tamp_mapping_get_slots(mapping, slots, capacity) bind(C, name="tamp_mapping_get_slots") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: mapping
      integer(c_int), intent(out) :: slots(*)
      integer(c_int), value :: capacity
      integer(c_int) :: status
    end function tamp_mapping_get_slots

    subroutine tamp_mapping_free(mapping) bind(C, name="tamp_mapping_free")
      import :: c_ptr
      type(c_ptr), value :: mapping
    end subroutine tamp_mapping_free

    function tamp_evaluate(graph, machine, mapping, metrics) bind(C, name="tamp_evaluate") result(status)
      import :: c_ptr, c_int, tamp_metrics
      type(c_ptr), value :: graph, machine, mapping
      type(tamp_metrics), intent(out) :: metrics
      integer(c_int) :: status
    end function tamp_evaluate
  end interface

  ! The C functions that take or return strings, wrapped below.
  interface
    function c_last_error() bind(C, name="tamp_last_error") result(message)
      import :: c_ptr
      type(c_ptr) :: message
    end function c_last_error

    function c_strlen(s) bind(C, name="strlen") result(length)
      import :: c_ptr, c_size_t
      type(c_ptr), value :: s
      integer(c_size_t) :: length
    end function c_strlen

    function c_machine_load(spec, machine) bind(C, name="tamp_machine_load") result(status)
      import :: c_char, c_ptr, c_int
      character(kind=c_char), intent(in) :: spec(*)
      type(c_ptr), intent(out) :: machine
      integer(c_int) :: status
    end function c_machine_load

    function c_graph_load(spec, graph) bind(C, name="tamp_graph_load") result(status)
      import :: c_char, c_ptr, c_int
      character(kind=c_char), intent(in) :: spec(*)
      type(c_ptr), intent(out) :: graph
      integer(c_int) :: status
    end function c_graph_load

    function c_map(graph, machine, algorithm, options, mapping) bind(C, name="tamp_map") result(status)
      import :: c_char, c_ptr, c_int
      type(c_ptr), value :: graph, machine
      character(kind=c_char), intent(in) :: algorithm(*)
      type(c_ptr), value :: options
      type(c_ptr), intent(out) :: mapping
      integer(c_int) :: status
    end function c_map
  end interface

contains

  !> The message of the last failed call on this thread ("" when none).
  function tamp_last_error() result(message)
    character(len=:), allocatable :: message
    type(c_ptr) :: p
    character(kind=c_char), pointer :: chars(:)
    integer :: n, i
    p = c_last_error()
    n = int(c_strlen(p))
    allocate (character(len=n) :: message)
    if (n == 0) return
    call c_f_pointer(p, chars, [n])
    do i = 1, n
      message(i:i) = chars(i)
    end do
  end function tamp_last_error

  !> A machine file or an inline spec such as "torus:4x4x4,cores=4".
  function tamp_machine_load(file_or_spec, machine) result(status)
    character(len=*), intent(in) :: file_or_spec
    type(c_ptr), intent(out) :: machine
    integer(c_int) :: status
    status = c_machine_load(trim(file_or_spec)//c_null_char, machine)
  end function tamp_machine_load

  !> A graph file (METIS, .edges) or a generator spec such as "stencil3d:8x8x8".
  function tamp_graph_load(file_or_spec, graph) result(status)
    character(len=*), intent(in) :: file_or_spec
    type(c_ptr), intent(out) :: graph
    integer(c_int) :: status
    status = c_graph_load(trim(file_or_spec)//c_null_char, graph)
  end function tamp_graph_load

  !> Runs the named algorithm ("blocked", "auto", "geom-rs+refine", ...); without options, the defaults.
  function tamp_map(graph, machine, algorithm, mapping, options) result(status)
    type(c_ptr), intent(in) :: graph, machine
    character(len=*), intent(in) :: algorithm
    type(c_ptr), intent(out) :: mapping
    type(tamp_map_options), intent(in), optional, target :: options
    integer(c_int) :: status
    if (present(options)) then
      status = c_map(graph, machine, trim(algorithm)//c_null_char, c_loc(options), mapping)
    else
      status = c_map(graph, machine, trim(algorithm)//c_null_char, c_null_ptr, mapping)
    end if
  end function tamp_map

end module tamp_mapping
