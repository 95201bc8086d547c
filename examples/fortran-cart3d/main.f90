! A 3D Cartesian code that adopts TAMP's mapping (docs/porting.md): its grid is the task graph, the mapping renumbers
! the ranks with MPI_Comm_split, and it prints hop-bytes before and after.
! Usage: mpirun -np N fortran-cart3d MACHINE   (a machine file or spec with N slots, e.g. torus:4x1,cores=1)
program fortran_cart3d
  use, intrinsic :: iso_c_binding
  use mpi
  use tamp_mapping
  implicit none
  integer, parameter :: face = 1024, steps = 20
  integer :: ierr, rank, nranks, cart, mapped, mapped_cart, dims(3), d, k, t, task, e, nslots
  logical :: periods(3) = .true.
  integer, allocatable :: mine(:), all(:)
  integer(c_int64_t), allocatable :: offsets(:)
  integer(c_int), allocatable :: targets(:), slots(:)
  real(c_double), allocatable :: bytes(:)
  integer(c_int) :: grid(3), periodic(3) = 1
  type(c_ptr) :: machine, graph, before, after
  type(tamp_metrics) :: mb, ma
  character(len=256) :: spec
  double precision :: step_before, step_after

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierr)
  call get_command_argument(1, spec)
  dims = 0
  call MPI_Dims_create(nranks, 3, dims, ierr)
  call MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, .false., cart, ierr)

  ! 1. Communication: every rank's 6 neighbours, gathered into CSR arrays (0-based values, as in C).
  allocate(mine(6), all(6 * nranks), offsets(nranks + 1), targets(6 * nranks), bytes(6 * nranks), slots(nranks))
  do d = 0, 2
    call MPI_Cart_shift(cart, d, 1, mine(2 * d + 1), mine(2 * d + 2), ierr)
  end do
  call MPI_Allgather(mine, 6, MPI_INTEGER, all, 6, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  e = 0
  do t = 0, nranks - 1
    offsets(t + 1) = e
    do k = 1, 6
      if (all(6 * t + k) == t) cycle  ! a dimension of extent 1: the neighbour is the task itself
      e = e + 1
      targets(e) = all(6 * t + k)
      bytes(e) = face * 8
    end do
  end do
  offsets(nranks + 1) = e
  call check(tamp_graph_from_csr(nranks, offsets, targets, bytes, graph), "graph")
  ! The grid shape lets geometric mappers use it. TAMP's dimension 0 is the fastest; MPI's last dimension is.
  grid = dims(3:1:-1)
  call check(tamp_graph_set_grid(graph, 3, grid, periodic), "grid")

  ! 2. The allocation: a machine file of the job (tamp-topo --out) or a spec; rank r runs on slot r.
  call check(tamp_machine_load(trim(spec), machine), trim(spec))
  call check(tamp_machine_num_slots(machine, nslots), trim(spec))
  if (nslots /= nranks) then
    if (rank == 0) write (0, '(a,i0,a,i0,a)') 'fortran-cart3d: error: ' // trim(spec) // ' has ', nslots, &
      ' slots for ', nranks, ' ranks'
    call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
  end if

  ! 3. The mapping, and the placement it replaces (launcher order). Every rank computes the same one.
  slots = [(t, t = 0, nranks - 1)]
  call check(tamp_mapping_from_slots(machine, nranks, slots, before), "launcher order")
  call check(tamp_map(graph, machine, "auto", after), "auto")
  call check(tamp_evaluate(graph, machine, before, mb), "evaluate")
  call check(tamp_evaluate(graph, machine, after, ma), "evaluate")
  call check(tamp_mapping_get_slots(after, slots, nranks), "slots")

  ! 4. Apply: the rank on slot `rank` takes the task mapped there; the code continues on the new communicator.
  task = findloc(slots, rank, 1) - 1
  call MPI_Comm_split(MPI_COMM_WORLD, 0, task, mapped, ierr)
  call MPI_Cart_create(mapped, 3, dims, periods, .false., mapped_cart, ierr)

  ! 5. Measure: hop-bytes and predicted time from the model, time per step from the run.
  step_before = halo_steps(cart)
  step_after = halo_steps(mapped_cart)
  if (rank == 0) then
    write (*, '(a,i0,a,i0,a,i0,a,i0,a)') 'fortran-cart3d: ', nranks, ' ranks, grid ', dims(1), 'x', dims(2), 'x', &
      dims(3), ' on ' // trim(spec)
    write (*, '(a,es10.4,a,es10.4)') 'hop-bytes before ', mb%hop_bytes, ' after ', ma%hop_bytes
    write (*, '(a,es10.4,a,es10.4,a)') 'predicted time before ', mb%predicted_comm_time, ' s after ', &
      ma%predicted_comm_time, ' s'
    write (*, '(a,es10.4,a,es10.4,a)') 'time per step before ', step_before, ' s after ', step_after, ' s'
  end if
  call tamp_mapping_free(before)
  call tamp_mapping_free(after)
  call tamp_machine_free(machine)
  call tamp_graph_free(graph)
  call MPI_Finalize(ierr)

contains

  subroutine check(status, what)
    integer(c_int), intent(in) :: status
    character(len=*), intent(in) :: what
    integer :: ierr2
    if (status /= TAMP_OK) then
      write (0, '(a)') 'fortran-cart3d: error: ' // what // ': ' // tamp_last_error()
      call MPI_Abort(MPI_COMM_WORLD, 1, ierr2)
    end if
  end subroutine check

  ! The application's own step, unchanged: exchange one face with each of the 6 neighbours of `comm`.
  double precision function halo_steps(comm)
    integer, intent(in) :: comm
    double precision :: send(face), recv(face), start, mean
    integer :: step, dim, dir, from, to, ierr2
    send = 0
    call MPI_Barrier(comm, ierr2)
    start = MPI_Wtime()
    do step = 1, steps
      do dim = 0, 2
        do dir = -1, 1, 2
          call MPI_Cart_shift(comm, dim, dir, from, to, ierr2)
          call MPI_Sendrecv(send, face, MPI_DOUBLE_PRECISION, to, 0, recv, face, MPI_DOUBLE_PRECISION, from, 0, &
                            comm, MPI_STATUS_IGNORE, ierr2)
        end do
      end do
    end do
    mean = (MPI_Wtime() - start) / steps
    call MPI_Allreduce(mean, halo_steps, 1, MPI_DOUBLE_PRECISION, MPI_MAX, comm, ierr2)
  end function halo_steps
end program fortran_cart3d
