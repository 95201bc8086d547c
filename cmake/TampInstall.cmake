# Install the mapping module as a CMake package: find_package(TAMP) then link TAMP::mapping.
if(TAMP_SIM_SUBBUILD)
  return()  # the smpicxx build of the apps installs nothing (its mapping library may be the main build's)
endif()
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
install(TARGETS tamp_mapping EXPORT TAMPTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/mapping/include/tamp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT TAMPTargets NAMESPACE TAMP:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/TAMP)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/TAMPConfig.cmake.in
  ${PROJECT_BINARY_DIR}/TAMPConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/TAMP)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/TAMPConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/TAMPConfig.cmake ${PROJECT_BINARY_DIR}/TAMPConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/TAMP)

# The discovery layer (MPI + hwloc), when built: its own export set and TAMPDiscovery.cmake, which finds MPI, fmt and
# hwloc first. A consumer does find_package(TAMP), include(${TAMP_DIR}/TAMPDiscovery.cmake), then links
# TAMP::discovery (docs/discovery.md).
if(TARGET tamp_discovery)
  install(TARGETS tamp_discovery_core tamp_discovery EXPORT TAMPDiscoveryTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/mapping/discovery/include/tamp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT TAMPDiscoveryTargets NAMESPACE TAMP:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/TAMP)
  file(WRITE ${PROJECT_BINARY_DIR}/TAMPDiscovery.cmake
       "# TAMP::discovery (topology discovery: MPI + hwloc) and TAMP::discovery_core, after find_package(TAMP).\n"
       "include(CMakeFindDependencyMacro)\n"
       "find_dependency(MPI COMPONENTS CXX)\n"
       "find_dependency(fmt)\n"
       "find_dependency(PkgConfig)\n"
       "pkg_check_modules(HWLOC REQUIRED IMPORTED_TARGET hwloc)\n"
       "include(\"\${CMAKE_CURRENT_LIST_DIR}/TAMPDiscoveryTargets.cmake\")\n")
  install(FILES ${PROJECT_BINARY_DIR}/TAMPDiscovery.cmake DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/TAMP)
endif()
